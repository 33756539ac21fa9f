import type { LocationPoint } from '../../api/entities/location';
import { columnsPoint, lowerBoundOf, type TrackColumns } from './columnViews';

/**
 * The columnar location history of one activity (ARCHITECTURE.md §4 "Location history is large: keep
 * it columnar"; issue 6 item 2; spec §3 "Activity detail" LocationHistory). Pure: no Redux, no immer.
 *
 * Layout, one slot per point, in time order, no two points with the same `Time`:
 * - `time`: Float64Array, epoch ms. Float64 because float32 holds 24 bits of mantissa: an epoch in ms
 *   (~1.7e12) would be rounded to steps of 2^17 ms ≈ 131 s, i.e. off by up to ~65 s.
 * - `positions`: Float64Array interleaved `[lon0, lat0, lon1, lat1, …]`, WGS 84 degrees, absolute:
 *   the buffer a deck.gl layer takes as a binary position attribute (`{ value: positions, size: 2 }`).
 *   Float64 keeps the wire value exactly; deck.gl's 64-bit position path splits it into high and low
 *   float32 parts itself (once per data change, not per frame), so the track renders at cm precision
 *   with no origin to rebase as a live track moves. Float32 absolute would step by up to
 *   2^-16 ° ≈ 1.7 m at |lon| ≥ 128°; float32 offsets from an origin would halve the bytes but need a
 *   re-origin when the track wanders (and a layer `coordinateOrigin`): 16 B per position was chosen.
 *   Altitude is not interleaved: it is often unknown (NaN), and NaN in a position breaks rendering.
 * - `alt` (m), `speed` (m/s), `hacc` (m): Float32Array, NaN where the device reported null. Float32
 *   keeps ~7 significant digits: mm for altitudes on Earth, far below GNSS noise.
 * - `heartRate` (beats per minute; the contract's optional `HeartRate`, a Lifeline extension):
 *   Float32Array, NaN where the point has none (absent or null) — as the other optional columns, so
 *   readers test one thing (`Number.isNaN`) for unknown; whole beats are exact in float32.
 * 40 bytes per point at full capacity; capacity doubles, so 40–80 bytes per point are allocated.
 *
 * Rules: a point whose `Time` is already stored is dropped — the first stored point wins, and within
 * one batch the earlier point of the batch wins — because a re-sent fix (a device retry, a socket
 * replay after reconnect) carries no new information and the stored one may already be drawn.
 * Newer points append in amortized O(1); late points are merged in by binary search, shifting only the
 * tail after the earliest late point.
 *
 * `version` counts changes (one per `add` that stored something); `columns()` returns views of the
 * first `length` slots cached per version, so a renderer holding them sees the same objects until
 * the next change and never rebuilds arrays per frame.
 */
export class ColumnarTrack {
  #time: Float64Array;
  #positions: Float64Array;
  #alt: Float32Array;
  #speed: Float32Array;
  #hacc: Float32Array;
  #heartRate: Float32Array;
  #length = 0;
  #version: number;
  #columns: TrackColumns | null = null;

  /**
   * An empty track.
   * @param capacity slots to allocate, points (at least {@link MIN_TRACK_CAPACITY} are).
   * @param version the starting version (a copy keeps its source's version).
   * @throws RangeError when `capacity` is not a non-negative safe integer.
   */
  constructor(capacity = MIN_TRACK_CAPACITY, version = 0) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) {
      throw new RangeError(
        `ColumnarTrack: capacity must be a non-negative integer, got ${capacity}`,
      );
    }
    const slots = Math.max(MIN_TRACK_CAPACITY, capacity);
    this.#time = new Float64Array(slots);
    this.#positions = new Float64Array(2 * slots);
    this.#alt = new Float32Array(slots);
    this.#speed = new Float32Array(slots);
    this.#hacc = new Float32Array(slots);
    this.#heartRate = new Float32Array(slots);
    this.#version = version;
  }

  /**
   * A track holding `points` (a full LocationHistory, any order): sorted and deduplicated once, with
   * capacity for exactly these points (at least {@link MIN_TRACK_CAPACITY}). Equal to adding the
   * points one at a time in array order.
   * @param version the version the loaded track gets (a load counts as a change).
   * @param capacity slots to allocate, points: more than `points.length` when more points will be
   *   appended (the later parts of a long history).
   * @throws RangeError when a point's Time, X or Y is not a finite number.
   */
  static fromHistory(
    points: readonly LocationPoint[],
    version = 1,
    capacity = points.length,
  ): ColumnarTrack {
    const track = new ColumnarTrack(Math.max(capacity, points.length), 0);
    track.add(points);
    track.#version = version;
    return track;
  }

  /**
   * A copy of `columns` (a snapshot from {@link ColumnarTrack.columns}) in new buffers with room for
   * `capacity` points, keeping the snapshot's version (or taking `version`): used to change a track
   * whose older snapshots must stay as they were (copy on write).
   * @throws RangeError when `capacity` is not a safe integer.
   */
  static fromColumns(
    columns: TrackColumns,
    capacity: number,
    version = columns.version,
  ): ColumnarTrack {
    const track = new ColumnarTrack(Math.max(capacity, columns.length), version);
    track.#time.set(columns.time);
    track.#positions.set(columns.positions);
    track.#alt.set(columns.alt);
    track.#speed.set(columns.speed);
    track.#hacc.set(columns.hacc);
    track.#heartRate.set(columns.heartRate);
    track.#length = columns.length;
    return track;
  }

  /**
   * A track whose storage is `columns`' own arrays, not a copy (a loaded track's columns in time
   * order, as src/api/trackBinary.ts decodes them: views of the received buffer). Copying a day at
   * 1 Hz (3.4 MB) cost its arrival ~15 ms of the main thread on the bench machine, most of it
   * touching the fresh pages. The caller gives the arrays up: nothing else may write them. The track
   * never writes them either: its capacity is exactly `length` (the views are cut to it), so an added
   * point moves it into new buffers first, and heart rates are set on copies only (trackEntry.ts).
   * @param columns times strictly increasing, every time and position finite (not checked here).
   */
  static adopting(columns: TrackColumns): ColumnarTrack {
    const n = columns.length;
    const track = new ColumnarTrack(0, columns.version);
    track.#time = columns.time.subarray(0, n);
    track.#positions = columns.positions.subarray(0, 2 * n);
    track.#alt = columns.alt.subarray(0, n);
    track.#speed = columns.speed.subarray(0, n);
    track.#hacc = columns.hacc.subarray(0, n);
    track.#heartRate = columns.heartRate.subarray(0, n);
    track.#length = n;
    return track;
  }

  /** Points stored. */
  get length(): number {
    return this.#length;
  }

  /** Changes so far: increases by one for each `add` that stored at least one point. */
  get version(): number {
    return this.#version;
  }

  /** Slots allocated, points (≥ length). */
  get capacity(): number {
    return this.#time.length;
  }

  /** The earliest `Time` stored (epoch ms), null when empty. */
  get firstTime(): number | null {
    return this.#length === 0 ? null : this.timeAt(0);
  }

  /** The latest `Time` stored (epoch ms), null when empty. */
  get lastTime(): number | null {
    return this.#length === 0 ? null : this.timeAt(this.#length - 1);
  }

  /** The `Time` of point `index` (epoch ms); NaN outside [0, length). */
  timeAt(index: number): number {
    return index >= 0 && index < this.#length ? (this.#time[index] ?? Number.NaN) : Number.NaN;
  }

  /** The first index whose time is ≥ `time` (epoch ms); `length` when every point is earlier. */
  lowerBound(time: number): number {
    return lowerBoundOf(this.#time, this.#length, time);
  }

  /** Whether a point with exactly this `Time` (epoch ms) is stored. */
  has(time: number): boolean {
    const index = this.lowerBound(time);
    return index < this.#length && this.#time[index] === time;
  }

  /**
   * Whether `add(points)` would write below the current `length` (a late point that is not a
   * duplicate), i.e. change what today's `columns()` views show. Points newer than `lastTime` and
   * duplicates never do. O(k log n) for k points.
   */
  wouldRewrite(points: readonly LocationPoint[]): boolean {
    const last = this.lastTime;
    if (last === null) return false;
    return points.some((point) => point.Time <= last && !this.has(point.Time));
  }

  /** Point `index` as the contract shapes it (NaN columns become null). @throws RangeError outside [0, length). */
  pointAt(index: number): LocationPoint {
    return columnsPoint(this.columns(), index);
  }

  /**
   * Stores `points` (any order) in place: points newer than the last are appended, late points are
   * merged in by time, points whose `Time` is already stored (or came earlier in this batch) are
   * dropped. O(k log k + k log n) plus the tail moved after the earliest late point; amortized O(1)
   * per point for in-order live points.
   * @returns how many points were stored; the version increases by one when it is > 0.
   * @throws RangeError when a point's Time, X or Y is not a finite number (nothing is stored then).
   */
  add(points: readonly LocationPoint[]): number {
    points.forEach(checkPoint);
    const fresh = this.#newPoints(points);
    if (fresh.length === 0) return 0;
    const oldLength = this.#length;
    this.#reserve(oldLength + fresh.length);
    // Backward merge: walk the stored points and the fresh ones from their ends, writing each slot
    // once from the new end; stored points earlier than every fresh point never move.
    let stored = oldLength - 1;
    let write = oldLength + fresh.length - 1;
    for (let next = fresh.length - 1; next >= 0; next -= 1) {
      const point = fresh[next];
      if (point === undefined) break;
      while (stored >= 0 && (this.#time[stored] ?? Number.NaN) > point.Time) {
        this.#move(stored, write);
        stored -= 1;
        write -= 1;
      }
      this.#write(write, point);
      write -= 1;
    }
    this.#length = oldLength + fresh.length;
    this.#version += 1;
    this.#columns = null;
    return fresh.length;
  }

  /**
   * Sets the heart rate (bpm) of the stored point whose `Time` is `time` (epoch ms), in place: a
   * reading that came after its fix (a late VITALS, spec app §7 TelemetryWearerUpdate `HeartRateTime`).
   * It rewrites a slot below `length`, so the store calls it on a copy (trackEntry.ts).
   * @returns whether the point exists and its reading changed; the version increases by one then.
   * @throws RangeError when `bpm` is not a positive finite number.
   */
  setHeartRate(time: number, bpm: number): boolean {
    if (!Number.isFinite(bpm) || bpm <= 0) {
      throw new RangeError(`ColumnarTrack: a heart rate must be positive, got ${bpm}`);
    }
    const index = this.lowerBound(time);
    if (index >= this.#length || this.#time[index] !== time) return false;
    if (this.#heartRate[index] === Math.fround(bpm)) return false;
    this.#heartRate[index] = bpm;
    this.#version += 1;
    this.#columns = null;
    return true;
  }

  /**
   * Moves the version forward to `version` without changing the points (a staged history becoming an
   * activity's stored track must count as a change past the track it replaces). Snapshots taken
   * before keep their own version, so the store copies before changing a track from them.
   * @throws RangeError when `version` is not above the current version.
   */
  advanceVersion(version: number): void {
    if (!Number.isSafeInteger(version) || version <= this.#version) {
      throw new RangeError(
        `ColumnarTrack: version must rise past ${this.#version}, got ${version}`,
      );
    }
    this.#version = version;
    this.#columns = null;
  }

  /**
   * Views of the stored points (`subarray(0, length)` of each column, no copy), frozen and cached
   * until the next change. A snapshot stays valid after later appends (they write past its length,
   * or into new buffers when capacity grows); a late insert rewrites slots it covers, which is why the
   * store copies a track before such an insert (see trackEntry.ts).
   */
  columns(): TrackColumns {
    this.#columns ??= Object.freeze({
      length: this.#length,
      version: this.#version,
      time: this.#time.subarray(0, this.#length),
      positions: this.#positions.subarray(0, 2 * this.#length),
      alt: this.#alt.subarray(0, this.#length),
      speed: this.#speed.subarray(0, this.#length),
      hacc: this.#hacc.subarray(0, this.#length),
      heartRate: this.#heartRate.subarray(0, this.#length),
    });
    return this.#columns;
  }

  /** The points of `points` not stored yet, sorted by time, first of equal times kept. */
  #newPoints(points: readonly LocationPoint[]): readonly LocationPoint[] {
    const last = this.lastTime ?? Number.NEGATIVE_INFINITY;
    const order = timeOrder(points);
    // The common cases, live points and a server's history: all new, in order, no copy needed.
    if (order === 'increasing' && (points[0]?.Time ?? last) > last) return points;
    const sorted = order === 'unsorted' ? [...points].sort(byTime) : points;
    const fresh: LocationPoint[] = [];
    let previous = Number.NaN;
    for (const point of sorted) {
      // Equal times are adjacent after a stable sort: keep the first.
      if (point.Time === previous) continue;
      previous = point.Time;
      if (point.Time > last || !this.has(point.Time)) fresh.push(point);
    }
    return fresh;
  }

  /** Makes room for `needed` points, doubling the capacity (amortized O(1) appends). */
  #reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const slots = Math.max(needed, 2 * this.capacity);
    const n = this.#length;
    this.#time = grown(this.#time, slots, n, Float64Array);
    this.#positions = grown(this.#positions, 2 * slots, 2 * n, Float64Array);
    this.#alt = grown(this.#alt, slots, n, Float32Array);
    this.#speed = grown(this.#speed, slots, n, Float32Array);
    this.#hacc = grown(this.#hacc, slots, n, Float32Array);
    this.#heartRate = grown(this.#heartRate, slots, n, Float32Array);
  }

  #move(from: number, to: number): void {
    this.#time[to] = this.#time[from] ?? Number.NaN;
    this.#positions[2 * to] = this.#positions[2 * from] ?? Number.NaN;
    this.#positions[2 * to + 1] = this.#positions[2 * from + 1] ?? Number.NaN;
    this.#alt[to] = this.#alt[from] ?? Number.NaN;
    this.#speed[to] = this.#speed[from] ?? Number.NaN;
    this.#hacc[to] = this.#hacc[from] ?? Number.NaN;
    this.#heartRate[to] = this.#heartRate[from] ?? Number.NaN;
  }

  #write(index: number, point: LocationPoint): void {
    this.#time[index] = point.Time;
    this.#positions[2 * index] = point.X;
    this.#positions[2 * index + 1] = point.Y;
    this.#alt[index] = point.Alt ?? Number.NaN;
    this.#speed[index] = point.Speed ?? Number.NaN;
    this.#hacc[index] = point.Hacc ?? Number.NaN;
    this.#heartRate[index] = point.HeartRate ?? Number.NaN;
  }
}

/** Smallest capacity a track allocates, points. */
export const MIN_TRACK_CAPACITY = 16;

type TypedArrayOf<T> = new (length: number) => T;

function grown<T extends Float64Array | Float32Array>(
  from: T,
  slots: number,
  used: number,
  Type: TypedArrayOf<T>,
): T {
  const to = new Type(slots);
  to.set(from.subarray(0, used));
  return to;
}

function byTime(a: LocationPoint, b: LocationPoint): number {
  return a.Time - b.Time;
}

/** Whether the times of `points` strictly increase, only never decrease, or neither. */
function timeOrder(points: readonly LocationPoint[]): 'increasing' | 'sorted' | 'unsorted' {
  let order: 'increasing' | 'sorted' = 'increasing';
  for (let i = 1; i < points.length; i += 1) {
    const step = (points[i]?.Time ?? Number.NaN) - (points[i - 1]?.Time ?? Number.NaN);
    if (step < 0) return 'unsorted';
    if (step === 0) order = 'sorted';
  }
  return order;
}

function checkPoint(point: LocationPoint, index: number): void {
  if (!Number.isFinite(point.Time) || !Number.isFinite(point.X) || !Number.isFinite(point.Y)) {
    throw new RangeError(
      `ColumnarTrack: point ${index} needs finite Time, X and Y, got ${point.Time}, ${point.X}, ${point.Y}`,
    );
  }
}
