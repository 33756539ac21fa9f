import type { LocationPoint } from '../../api/entities/location';
import type { TrackBinaryColumns } from '../../api/trackBinary';
import { ColumnarTrack } from './columnarTrack';
import {
  columnsLowerBound,
  columnsPoint,
  EMPTY_TRACK_COLUMNS,
  type TrackColumns,
} from './columnViews';

/*
 * How the store holds a columnar track (ARCHITECTURE.md §4: serializable actions, the state a fold of
 * the action log). The tracks live IN the Redux state, one immutable {@link TrackEntry} per activity,
 * not in a registry beside it: a module-level registry would be shared by every store in the process
 * (tests, replay) and would make the state something other than a fold of the actions. An entry
 * that lost its columns (a serialized copy) counts as no track: the next load or points rebuild it.
 *
 * An entry's enumerable fields are plain metadata; its columns ride under a symbol key. Symbol keys
 * are skipped by `Object.entries`, `for…in` and `JSON.stringify`, so RTK's serializable and
 * immutability checks, Redux DevTools and logs see `{ activityId, length, version, firstTime,
 * lastTime }` and never walk 100k-element typed arrays; immer never drafts typed arrays (they are not
 * draftable) and the slice replaces entries whole rather than drafting them.
 *
 * Entries are persistent: what an entry's columns show never changes afterwards. A change reuses the
 * buffers in place only when (a) the entry is the newest one made from its track (the track's version
 * is still the entry's) and (b) every new point lands past the entry's length (newer points or
 * duplicates) — then older entries' views, which end at their own lengths, are untouched. Otherwise
 * (a late insert, or a change made from an older state, e.g. time travel) the track is copied first:
 * O(n) for that rare batch. A full load always builds a new track.
 */

const TRACK = Symbol('locationHistory.track');

/** The columns of an entry and the track that owns their buffers. */
interface TrackData {
  readonly columns: TrackColumns;
  readonly owner: ColumnarTrack;
}

/**
 * One activity's location history in the store: `length` points, `version` (changes along this
 * track's history, for memoization and deck.gl `updateTriggers`), `firstTime`/`lastTime` epoch ms
 * (null when empty). The columns ride under a private symbol key (read them with
 * {@link trackColumns}); the type shows only the serializable face, because a copy made by a
 * serializer (JSON, structured clone) has only that.
 */
export interface TrackEntry {
  readonly activityId: number;
  readonly length: number;
  readonly version: number;
  readonly firstTime: number | null;
  readonly lastTime: number | null;
}

/** An entry as this module makes it; a serialized copy lacks the symbol key. */
type StoredEntry = TrackEntry & { readonly [TRACK]?: TrackData };

/** The columns of `entry` (shared views, never write to them); empty columns for no entry. */
export function trackColumns(entry: StoredEntry | undefined): TrackColumns {
  const data = entry?.[TRACK];
  return data === undefined ? EMPTY_TRACK_COLUMNS : data.columns;
}

/**
 * `entry` with `points` added (appended, late points merged, duplicates dropped: see
 * {@link ColumnarTrack.add}); a new entry for an activity without one. Returns `entry` itself when
 * nothing was stored (all duplicates, or no points), so unchanged state keeps its identity.
 * @throws RangeError when a point's Time, X or Y is not finite.
 */
export function withPointsAdded(
  entry: StoredEntry | undefined,
  activityId: number,
  points: readonly LocationPoint[],
): TrackEntry | undefined {
  if (points.length === 0) return entry;
  const data = entry?.[TRACK];
  if (entry === undefined || data === undefined) {
    return entryOf(activityId, ColumnarTrack.fromHistory(points, (entry?.version ?? 0) + 1));
  }
  const { owner, columns } = data;
  const inPlace = owner.version === entry.version && !owner.wouldRewrite(points);
  const track = inPlace
    ? owner
    : ColumnarTrack.fromColumns(columns, Math.max(owner.capacity, columns.length + points.length));
  return track.add(points) === 0 ? entry : entryOf(activityId, track);
}

/**
 * `entry` with the heart rate `bpm` (beats per minute) at its point of `time` (epoch ms): a reading
 * that came after its fix (TelemetryWearerUpdate `HeartRateTime`, docs/decisions.md "Heart rate").
 * The slot is below the entry's length, so the track is copied first (entries are persistent): O(n),
 * for a rare event. Returns `entry` itself when it has no point at `time` or the point already reads
 * `bpm`.
 */
export function withHeartRateAt(
  entry: StoredEntry | undefined,
  activityId: number,
  time: number,
  bpm: number,
): TrackEntry | undefined {
  const data = entry?.[TRACK];
  if (entry === undefined || data === undefined) return entry;
  const { columns } = data;
  const index = columnsLowerBound(columns, time);
  if (columns.time[index] !== time || columns.heartRate[index] === Math.fround(bpm)) return entry;
  const track = ColumnarTrack.fromColumns(columns, columns.length, data.owner.version);
  track.setHeartRate(time, bpm);
  return entryOf(activityId, track);
}

/**
 * A new entry holding `history` (a full LocationHistory, sorted and deduplicated once), replacing
 * `previous`. When `keepNewerThanHistory` (the activity is still open), points of `previous` later
 * than the history's last point are kept: they came by telemetry after the server built the detail.
 * The version continues from `previous`.
 * @throws RangeError when a point's Time, X or Y is not finite.
 */
export function withHistoryLoaded(
  previous: StoredEntry | undefined,
  activityId: number,
  history: readonly LocationPoint[],
  keepNewerThanHistory: boolean,
): TrackEntry {
  const track = ColumnarTrack.fromHistory(history, (previous?.version ?? 0) + 1);
  if (keepNewerThanHistory) {
    const newer = newerPoints(trackColumns(previous), track.lastTime ?? Number.NEGATIVE_INFINITY);
    if (newer.length > 0) track.add(newer);
  }
  return entryOf(activityId, track);
}

/**
 * Whether `columns` can be taken as a track as they are: times strictly increasing (sorted, no
 * duplicate) and every time and position finite. O(n), no allocation.
 */
function isTrackOrder(columns: TrackBinaryColumns): boolean {
  const { time, positions, length } = columns;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < length; i += 1) {
    const t = time[i] ?? Number.NaN;
    if (!(t > previous) || !Number.isFinite(t)) return false;
    if (
      !Number.isFinite(positions[2 * i] ?? NaN) ||
      !Number.isFinite(positions[2 * i + 1] ?? NaN)
    ) {
      return false;
    }
    previous = t;
  }
  return true;
}

/**
 * A new entry holding a columnar LocationHistory (member-wearer-activity-track, src/api/
 * trackBinary.ts), replacing `previous` as {@link withHistoryLoaded} does (points of `previous` after
 * the history's last point kept when `keepNewerThanHistory`; the version continues from `previous`).
 * Columns in time order, as the server sends them, become the track's storage as they are (no copy:
 * the action's columns are the store's from then on, see {@link ColumnarTrack.adopting}); any other
 * order goes through the points and is sorted and deduplicated as a JSON history would be.
 * @throws RangeError when a point's Time, X or Y is not finite.
 */
export function withColumnsLoaded(
  previous: StoredEntry | undefined,
  activityId: number,
  columns: TrackBinaryColumns,
  keepNewerThanHistory: boolean,
): TrackEntry {
  const version = (previous?.version ?? 0) + 1;
  const track = isTrackOrder(columns)
    ? ColumnarTrack.adopting({ ...columns, version })
    : ColumnarTrack.fromHistory(
        Array.from({ length: columns.length }, (_, i) => columnsPoint({ ...columns, version }, i)),
        version,
      );
  if (keepNewerThanHistory) {
    const newer = newerPoints(trackColumns(previous), track.lastTime ?? Number.NEGATIVE_INFINITY);
    if (newer.length > 0) track.add(newer);
  }
  return entryOf(activityId, track);
}

/**
 * The first part of a long history as a staged entry (see locationHistorySlice `part`): its points
 * sorted and deduplicated, with room for `totalPoints` so the later parts append in place.
 * @throws RangeError when a point's Time, X or Y is not finite.
 */
export function stagedHistoryStarted(
  activityId: number,
  points: readonly LocationPoint[],
  totalPoints: number,
): TrackEntry {
  return entryOf(activityId, ColumnarTrack.fromHistory(points, 1, totalPoints));
}

/**
 * The finished staged history `staged` as the activity's track, replacing `previous` as
 * {@link withHistoryLoaded} does (points of `previous` after the history's last point kept when
 * `keepNewerThanHistory`), with a version past both. The staged track's buffers are taken over, not
 * copied (a copy of a 605k-point track is one long task): only the staging entries of older states
 * share them, and those then copy before any change of their own.
 */
export function withStagedHistory(
  previous: StoredEntry | undefined,
  activityId: number,
  staged: StoredEntry,
  keepNewerThanHistory: boolean,
): TrackEntry {
  const data = staged[TRACK];
  const columns = trackColumns(staged);
  const newer = keepNewerThanHistory
    ? newerPoints(trackColumns(previous), staged.lastTime ?? Number.NEGATIVE_INFINITY)
    : [];
  const version = Math.max(previous?.version ?? 0, staged.version) + 1;
  const track =
    data !== undefined && data.owner.version === staged.version
      ? data.owner
      : ColumnarTrack.fromColumns(columns, columns.length + newer.length, staged.version);
  track.advanceVersion(version);
  if (newer.length > 0) track.add(newer);
  return entryOf(activityId, track);
}

/** The metadata and the columns of `track`'s current version, as a frozen entry. */
function entryOf(activityId: number, track: ColumnarTrack): StoredEntry {
  const columns = track.columns();
  return Object.freeze({
    activityId,
    length: columns.length,
    version: columns.version,
    firstTime: track.firstTime,
    lastTime: track.lastTime,
    [TRACK]: Object.freeze({ columns, owner: track }),
  });
}

/** The points of `columns` later than `after` (epoch ms), in time order. */
function newerPoints(columns: TrackColumns, after: number): LocationPoint[] {
  const points: LocationPoint[] = [];
  for (let i = columnsLowerBound(columns, after); i < columns.length; i += 1) {
    if ((columns.time[i] ?? Number.NaN) > after) points.push(columnsPoint(columns, i));
  }
  return points;
}
