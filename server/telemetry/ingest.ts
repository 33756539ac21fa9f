import type { ActivityType } from '../../src/api/enums';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { evaluateIngest, type AlertEngineDeps } from '../alerts/alertEngine';
import type { Db } from '../db/database';
import { storeAndBuild, type StoredCounts } from './activityBuilder';
import { defaultActivityType } from './activityRules';
import { lockIngestDevice, type Trx } from './ingestDevice';
import {
  changedActivities,
  latestBattery,
  type ChangedActivity,
  type IngestCommit,
} from './ingestPublication';

/** Points and events of one request, already validated (src/api/ingest.ts limits). */
export interface IngestInput {
  readonly points: readonly IngestPoint[];
  readonly events: readonly IngestEvent[];
}

/**
 * What an ingest request did: `unknown-key` (nothing stored: the key is unknown, rotated by
 * remove-device, or of a device no member holds), or `stored` with `accepted` points and events newly
 * stored, `duplicates` already stored (or repeated within the request), and `commit`: what it changed,
 * for publishing to the member's sockets once committed (ingestPublication.ts).
 */
export type IngestOutcome =
  | { readonly kind: 'unknown-key' }
  | {
      readonly kind: 'stored';
      readonly accepted: number;
      readonly duplicates: number;
      readonly commit: IngestCommit;
    };

/** The points with unique device times (the first of each), sorted by time. */
function uniquePoints(points: readonly IngestPoint[]): IngestPoint[] {
  const byTime = new Map<number, IngestPoint>();
  for (const point of points) if (!byTime.has(point.Time)) byTime.set(point.Time, point);
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

/** The events unique per (time, type), the first of each. */
function uniqueEvents(events: readonly IngestEvent[]): IngestEvent[] {
  const byKey = new Map<string, IngestEvent>();
  for (const event of events) {
    const key = `${event.Time}:${event.Type}`;
    if (!byKey.has(key)) byKey.set(key, event);
  }
  return [...byKey.values()];
}

/** The request's points and events that were newly stored (not duplicates). */
function newlyStored(
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
  stored: StoredCounts,
  frontierMs: number | null,
) {
  const fixTimes = new Set(stored.fixTimes);
  const eventKeys = new Set(stored.eventKeys.map((key) => `${key.time}:${key.type}`));
  return {
    points: points.filter((point) => fixTimes.has(point.Time)),
    events: events.filter((event) => eventKeys.has(`${event.Time}:${event.Type}`)),
    frontierMs,
  };
}

async function favouriteType(trx: Trx, memberId: number): Promise<ActivityType> {
  const member = await trx
    .selectFrom('members')
    .select('activity_types')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return defaultActivityType(member?.activity_types ?? []);
}

/**
 * Stores one request of a device (OsmAnd or batch) and builds its activities, all in one transaction
 * with the device row locked: the promise resolves only after the commit, so an answered 2xx means
 * every point is durable (ARCHITECTURE.md §5). Idempotent on (device, device time) for points and
 * (device, time, type) for events; out-of-order and late items land in the activity their time belongs
 * to. `ingestKey` is the device's secret key (never the IMEI); `nowMs` the server clock (epoch ms).
 * With `alerts`, the alert engine evaluates what the request newly stored in the same transaction
 * (server/alerts/alertEngine.ts): alerts, their notifications and the activity status commit together
 * with the points.
 */
export async function ingestTelemetry(
  db: Db,
  ingestKey: string,
  input: IngestInput,
  nowMs: number,
  alerts?: AlertEngineDeps,
): Promise<IngestOutcome> {
  return db.transaction().execute(async (trx): Promise<IngestOutcome> => {
    const device = await lockIngestDevice(trx, ingestKey);
    if (!device) return { kind: 'unknown-key' };
    const points = uniquePoints(input.points);
    const events = uniqueEvents(input.events);
    let type: Promise<ActivityType> | undefined;
    const mark = { ceilingId: device.ceilingActivityId, since: new Date() };
    const stored = await storeAndBuild(
      trx,
      { deviceId: device.deviceId, memberId: device.memberId },
      device,
      points,
      events,
      nowMs,
      () => (type ??= favouriteType(trx, device.memberId)),
    );
    const owner = { memberId: device.memberId, deviceId: device.deviceId };
    const alerted = alerts
      ? await evaluateIngest(
          trx,
          owner,
          {
            ...newlyStored(points, events, stored, device.frontierMs),
            alertWatch: device.alertWatch,
          },
          nowMs,
          alerts,
        )
      : { alerts: [], activities: [] };
    const accepted = stored.fixes + stored.events;
    // The in-order path knows what it wrote, as stored, unless the alert engine then changed an
    // activity's status: then the changes are read back (ingestPublication.ts).
    const known = alerted.activities.length === 0 ? stored.inOrder : undefined;
    const activities: ChangedActivity[] = known
      ? known.saved.map(({ activityId, created, extendedOnly }) => ({
          activityId,
          created,
          extendedOnly,
        }))
      : await changedActivities(trx, device.deviceId, mark);
    return {
      kind: 'stored',
      accepted,
      duplicates: input.points.length + input.events.length - accepted,
      commit: {
        memberId: device.memberId,
        deviceId: device.deviceId,
        fixTimes: stored.fixTimes,
        activities,
        battery: latestBattery(points, events),
        alerts: alerted.alerts,
        nowMs,
        ...(known
          ? {
              written: {
                wearerId: device.wearerId,
                fixes: known.fixes,
                activities: known.saved.map((saved) => saved.row),
              },
            }
          : {}),
      },
    };
  });
}
