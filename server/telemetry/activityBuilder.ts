import type { ActivityType } from '../../src/api/enums';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import {
  continuableSegment,
  countInsertedHeartRates,
  latestActivity,
  saveSegments,
  type ActivityOwner,
  type ActivityRow,
  type SavedActivity,
} from './activityRows';
import { attributeFixes } from './activityRules';
import { trustedAltitude } from './altitude';
import type { Trx } from './ingestDevice';
import { compareTrackItems, TimelineWalker, type Segment, type TrackItem } from './segmentation';
import {
  heartRatesByTime,
  insertEvents,
  insertFixes,
  type InsertedFix,
  type LateHeartRate,
  type StoredEventKey,
} from './telemetryStore';
import type { ActivityMerge } from './mergedActivities';
import { recutTimeline } from './timelineRecut';

/*
 * The activity builder (issue 5 item 2; ARCHITECTURE.md §1): turns a device's fixes and tracking events
 * into activities by the rule of segmentation.ts, inside the ingest request's transaction, with the
 * device row locked. Two paths give the same result:
 * - in order (every new item later than anything stored): the walk continues the latest activity and
 *   its stored stats totals — one activity update and one multi-row insert per request;
 * - otherwise (late points or events): the new items are stored first, then the stretch of the
 *   timeline they touch is cut again from the stored items (timelineRecut.ts) and its activities are
 *   rewritten with stats recomputed from all their fixes.
 */

/**
 * What one request stored: points and events newly inserted (the rest were duplicates), and the device
 * times (epoch ms) of the new points.
 */
export interface StoredCounts {
  readonly fixes: number;
  readonly events: number;
  readonly fixTimes: readonly number[];
  /** The events newly stored (time and type), for the alert engine. */
  readonly eventKeys: readonly StoredEventKey[];
  /**
   * Set when the request took only the in-order path: everything it wrote, as stored, so its
   * publication needs no re-read (ingestPublication.ts). Absent after a re-cut.
   */
  readonly inOrder?: InOrderWrite;
  /** Fixes of earlier requests this request's VITALS gave a heart rate (live viewers are told). */
  readonly lateHeartRates?: readonly LateHeartRate[];
  /** Activities a re-cut of this request merged into others and deleted (their viewers follow). */
  readonly merged?: readonly ActivityMerge[];
}

/** A fix as stored by the in-order path: its `location_points` columns the sockets are told. */
export interface StoredFix {
  readonly device_time_ms: number;
  readonly activity_id: number | null;
  readonly lon: number;
  readonly lat: number;
  /** The altitude the activity shows, m: null when the fix's vertical accuracy is over 10 m (altitude.ts). */
  readonly alt: number | null;
  readonly hacc: number | null;
  readonly speed_mps: number | null;
  readonly bearing_deg: number | null;
  /** Beats per minute, null when no VITALS heart rate came at the fix's time (telemetryStore.ts). */
  readonly heart_rate_bpm: number | null;
}

/** What the in-order path wrote: the activities it saved and the fixes it inserted (time order). */
export interface InOrderWrite {
  readonly saved: readonly SavedActivity[];
  readonly fixes: readonly StoredFix[];
}

const isTracking = (type: IngestEvent['Type']) =>
  type === 'TRACKING_START' || type === 'TRACKING_STOP';

/** A request's point as the walk takes it: a fix not attributed to an activity yet. */
export function fixItem(point: IngestPoint): TrackItem {
  return {
    kind: 'FIX',
    time: point.Time,
    fix: {
      time: point.Time,
      lat: point.Lat,
      lon: point.Lon,
      hacc: point.Hacc ?? null,
      speed: point.Speed ?? null,
    },
    activityId: null,
  };
}

function trackItems(points: readonly IngestPoint[], events: readonly IngestEvent[]): TrackItem[] {
  const items: TrackItem[] = points.map(fixItem);
  for (const event of events) {
    if (event.Type === 'TRACKING_START') {
      items.push({
        kind: 'START',
        time: event.Time,
        activityType: event.ActivityType,
        isNew: true,
      });
    } else if (event.Type === 'TRACKING_STOP') {
      items.push({ kind: 'STOP', time: event.Time });
    }
  }
  return items.sort(compareTrackItems);
}

/**
 * The segment the in-order path continues from `latest`: `undefined` when it cannot take the in-order
 * path (the latest activity has no stored totals), null when the walk starts with no open activity.
 */
function inOrderStart(latest: ActivityRow | null): Segment | null | undefined {
  if (latest === null) return null;
  if (latest.closed_by === 'TRACKING_STOP' || latest.closed_by === 'TRACKING_START') return null;
  return continuableSegment(latest) ?? undefined;
}

/** What the builder knows of the device before the request (ingestDevice.ts). */
export interface TimelineHead {
  /** The latest stored fix or tracking event time, epoch ms; null before any. */
  readonly frontierMs: number | null;
  /** The owner's latest activity of the device, null before any. */
  readonly latest: ActivityRow | null;
}

/**
 * Stores `points` (unique device times, sorted) and `events` (unique per time and type) of one device
 * and builds its activities. Events other than TRACKING_START/STOP are stored first (a VITALS heart
 * rate goes to its stored fix: telemetryStore.ts). Items at or before `head.frontierMs` (late ones and
 * re-sent ones) are stored next and, if any was new, re-cut; the later items then extend the timeline
 * in order.
 * `deviceNowMs` is now on the device's clock (the server's minus its clock lag,
 * server/telemetry/deviceLag.ts): it closes an activity silent for 30 minutes. `defaultType` is the
 * type of an activity a fix opens. Answers how many points and events were new.
 */
export async function storeAndBuild(
  trx: Trx,
  owner: ActivityOwner,
  head: TimelineHead,
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
  deviceNowMs: number,
  defaultType: () => Promise<ActivityType>,
): Promise<StoredCounts> {
  const frontier = head.frontierMs ?? -Infinity;
  const heartRates = heartRatesByTime(events);
  const tracking = events.filter((event) => isTracking(event.Type));
  const late = {
    points: points.filter((point) => point.Time <= frontier),
    tracking: tracking.filter((event) => event.Time <= frontier),
  };
  const fresh = {
    points: points.filter((point) => point.Time > frontier),
    tracking: tracking.filter((event) => event.Time > frontier),
  };
  let latest = head.latest;
  const fixTimes: number[] = [];
  // The other events first: a VITALS for a fix stored earlier updates it, and its activity's heart
  // rate totals, before the walk saves that activity, so the rows the in-order path answers count it.
  const others = await insertEvents(
    trx,
    owner,
    events.filter((event) => !isTracking(event.Type)),
  );
  const eventKeys: StoredEventKey[] = others.keys;
  let inOrder: InOrderWrite | undefined;
  const merged: ActivityMerge[] = [];
  // Late items all re-sent (duplicates) change nothing: the in-order write stays complete.
  let recut = false;
  if (late.points.length + late.tracking.length > 0) {
    const counts = await storeLate(trx, owner, late, heartRates, deviceNowMs, defaultType);
    fixTimes.push(...counts.fixTimes);
    eventKeys.push(...counts.eventKeys);
    merged.push(...(counts.merged ?? []));
    recut = counts.fixTimes.length + counts.eventKeys.length > 0;
    if (recut) latest = await latestActivity(trx, owner);
  }
  if (fresh.points.length + fresh.tracking.length > 0) {
    const initial = inOrderStart(latest);
    const counts =
      initial === undefined
        ? await storeLate(trx, owner, fresh, heartRates, deviceNowMs, defaultType)
        : await appendInOrder(
            trx,
            owner,
            latest,
            initial,
            fresh,
            heartRates,
            deviceNowMs,
            defaultType,
          );
    fixTimes.push(...counts.fixTimes);
    eventKeys.push(...counts.eventKeys);
    merged.push(...(counts.merged ?? []));
    if (!recut) inOrder = counts.inOrder;
  }
  return {
    fixes: fixTimes.length,
    events: eventKeys.length,
    fixTimes,
    eventKeys,
    ...(inOrder ? { inOrder } : {}),
    ...(others.heartRates.length > 0 ? { lateHeartRates: others.heartRates } : {}),
    ...(merged.length > 0 ? { merged } : {}),
  };
}

/** Fixes and tracking events of one request to store together. */
interface TrackBatch {
  readonly points: readonly IngestPoint[];
  readonly tracking: readonly IngestEvent[];
}

/**
 * The in-order path: items all later than anything stored continue the walk from `initial` (the
 * latest activity, or nothing open); the continued activity is updated with its extended totals, new
 * ones inserted, and the fixes inserted under their activities in one statement, with the request's
 * VITALS `heartRates` (telemetryStore.ts).
 */
async function appendInOrder(
  trx: Trx,
  owner: ActivityOwner,
  latest: ActivityRow | null,
  initial: Segment | null,
  fresh: TrackBatch,
  heartRates: ReadonlyMap<number, number>,
  deviceNowMs: number,
  defaultType: () => Promise<ActivityType>,
): Promise<StoredCounts> {
  const walker = new TimelineWalker(initial);
  for (const item of trackItems(fresh.points, fresh.tracking)) walker.push(item);
  const segments = walker.finish(deviceNowMs);
  const stored = initial && latest ? [latest] : [];
  const { ids, saved } = await saveSegments(trx, owner, segments, stored, defaultType);
  const activityIds = attributeFixes(
    fresh.points.map((point) => point.Time),
    segments,
    ids,
  );
  const fixes = await insertFixes(trx, owner, fresh.points, activityIds, heartRates);
  const { keys: events } = await insertEvents(trx, owner, fresh.tracking);
  return {
    fixes: fixes.length,
    events: events.length,
    fixTimes: fixes.map((fix) => fix.device_time_ms),
    eventKeys: events,
    inOrder: {
      saved: countInsertedHeartRates(saved, fixes),
      fixes: storedFixes(fresh.points, activityIds, fixes),
    },
  };
}

/**
 * The fixes among `points` that `inserted` holds, as stored ({@link StoredFix}, time order as
 * `points`): each under the activity id at its index of `activityIds`, with the heart rate the insert
 * gave it.
 */
export function storedFixes(
  points: readonly IngestPoint[],
  activityIds: readonly (number | null)[],
  inserted: readonly InsertedFix[],
): StoredFix[] {
  const heartRates = new Map(inserted.map((fix) => [fix.device_time_ms, fix.heart_rate_bpm]));
  return points.flatMap((point, index) =>
    heartRates.has(point.Time)
      ? [
          {
            device_time_ms: point.Time,
            activity_id: activityIds[index] ?? null,
            lon: point.Lon,
            lat: point.Lat,
            alt: trustedAltitude(point.Alt ?? null, point.Vacc ?? null),
            hacc: point.Hacc ?? null,
            speed_mps: point.Speed ?? null,
            bearing_deg: point.Bearing ?? null,
            heart_rate_bpm: heartRates.get(point.Time) ?? null,
          },
        ]
      : [],
  );
}

/**
 * The late path: stores the items (duplicates skipped; fixes with the request's VITALS `heartRates`)
 * and, when any was new, re-cuts the stretch of the timeline they touch ({@link recutTimeline}).
 */
async function storeLate(
  trx: Trx,
  owner: ActivityOwner,
  { points, tracking }: TrackBatch,
  heartRates: ReadonlyMap<number, number>,
  deviceNowMs: number,
  defaultType: () => Promise<ActivityType>,
): Promise<StoredCounts> {
  const inserted = await insertFixes(
    trx,
    owner,
    points,
    points.map(() => null),
    heartRates,
  );
  const newFixTimes = inserted.map((fix) => fix.device_time_ms);
  const { keys: newTracking } = await insertEvents(trx, owner, tracking);
  const merged = await recutStored(trx, owner, newFixTimes, newTracking, deviceNowMs, defaultType);
  return {
    fixes: newFixTimes.length,
    events: newTracking.length,
    fixTimes: newFixTimes,
    eventKeys: newTracking,
    ...(merged.length > 0 ? { merged } : {}),
  };
}

/**
 * The late path's second half: once late fixes (`newFixTimes`, epoch ms) and tracking events
 * (`newTracking`) are newly stored, re-cuts the stretch of the timeline they touch
 * ({@link recutTimeline}); nothing when both are empty (every item was re-sent). Answers the
 * activities the re-cut merged into others.
 */
export async function recutStored(
  trx: Trx,
  owner: ActivityOwner,
  newFixTimes: readonly number[],
  newTracking: readonly StoredEventKey[],
  deviceNowMs: number,
  defaultType: () => Promise<ActivityType>,
): Promise<ActivityMerge[]> {
  const changed = [...newFixTimes, ...newTracking.map((event) => event.time)];
  if (changed.length === 0) return [];
  return recutTimeline(
    trx,
    owner,
    {
      minMs: changed.reduce((min, time) => Math.min(min, time), Infinity),
      maxMs: changed.reduce((max, time) => Math.max(max, time), -Infinity),
      newFixTimes: new Set(newFixTimes),
      newStartTimes: new Set(
        newTracking.filter((e) => e.type === 'TRACKING_START').map((e) => e.time),
      ),
    },
    deviceNowMs,
    defaultType,
  );
}
