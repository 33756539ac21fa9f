import type { ActivityType } from '../../src/api/enums';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { evaluateIngest, type AlertEngineDeps } from '../alerts/alertEngine';
import type { Db } from '../db/database';
import { recutStored, storeAndBuild, type StoredCounts } from './activityBuilder';
import type { ActivityOwner } from './activityRows';
import { defaultActivityType } from './activityRules';
import { clockLagMs, heardAfter, type DeviceHeard } from './deviceLag';
import { planGroupedWrite, writeGrouped, type GroupedWrite } from './groupedWrite';
import { lockIngestDevices, type HeardReport, type IngestDevice, type Trx } from './ingestDevice';
import {
  readChanges,
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

/** The latest device time among `points` and `events` (in any order), epoch ms; null when none. */
function newestItemMs(
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
): number | null {
  let newest: number | null = null;
  for (const items of [points, events]) {
    for (const item of items) if (newest === null || item.Time > newest) newest = item.Time;
  }
  return newest;
}

/**
 * What `request` tells of its device's clock, for the lock statement to store (ingestDevice.ts
 * {@link HeardReport}); none for a request without items.
 */
function heardReport({ ingestKey, input, nowMs }: IngestRequest): HeardReport[] {
  const newest = newestItemMs(input.points, input.events);
  return newest === null ? [] : [{ ingestKey, nowMs, newestItemMs: newest }];
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

/** One device request to ingest: its secret key, what it carries, and the server clock (epoch ms). */
export interface IngestRequest {
  readonly ingestKey: string;
  readonly input: IngestInput;
  readonly nowMs: number;
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
  const [outcome] = await ingestGroup(db, [{ ingestKey, input, nowMs }], alerts);
  if (!outcome) throw new Error('ingest: a request without an outcome');
  return outcome;
}

/**
 * Group commit: stores several requests of distinct devices in ONE transaction, each exactly as
 * {@link ingestTelemetry} stores it alone — one lock statement for all their device rows (in device
 * id order), the usual requests written together (groupedWrite.ts), the others built in turn, one
 * commit — and answers their outcomes in request order.
 * All commit or none does: when the promise rejects, nothing of any request is stored and the caller
 * retries each alone (ingestGroupCommit.ts). Throws when two requests name the same ingest key (a
 * device's requests must see each other's effects: they go in successive groups).
 */
export async function ingestGroup(
  db: Db,
  requests: readonly IngestRequest[],
  alerts?: AlertEngineDeps,
): Promise<IngestOutcome[]> {
  const keys = requests.map((request) => request.ingestKey);
  if (new Set(keys).size !== keys.length) throw new Error('ingest: one device twice in a group');
  return db.transaction().execute(async (trx) => {
    // The lock also stores what the server heard from each device (deviceLag.ts).
    const devices = await lockIngestDevices(trx, keys, requests.flatMap(heardReport));
    const since = new Date();
    const prepared = requests.map((request) => {
      const device = devices.get(request.ingestKey);
      return device ? prepare(device, request) : null;
    });
    const grouped = await writeGroupedRequests(trx, prepared);
    // Each request's outcome is finished once every request is built (see concludeRequest).
    const finishers: (() => Promise<IngestOutcome>)[] = [];
    const members = new Set<number>();
    for (const locked of prepared) {
      if (!locked) {
        finishers.push(() => Promise.resolve({ kind: 'unknown-key' }));
        continue;
      }
      // The alert engine may have changed this member's activities for an earlier request of the
      // group (another device of the same member): read the device again (its row stays locked).
      const request = members.has(locked.device.memberId) ? await relock(trx, locked) : locked;
      members.add(request.device.memberId);
      const { device } = request;
      const write = grouped.get(device.deviceId);
      const stored = write
        ? await finishGrouped(trx, request, write)
        : await storeRequest(trx, request);
      finishers.push(await concludeRequest(trx, request, stored, since, alerts));
    }
    const outcomes: IngestOutcome[] = [];
    for (const finish of finishers) outcomes.push(await finish());
    return outcomes;
  });
}

/** A request of a locked device, its items made unique and sorted, with the device's clocks. */
interface PreparedRequest {
  readonly ingestKey: string;
  readonly device: IngestDevice;
  readonly input: IngestInput;
  readonly nowMs: number;
  readonly points: readonly IngestPoint[];
  readonly events: readonly IngestEvent[];
  /** What the server has heard from the device after the request. */
  readonly heard: DeviceHeard;
  /** Now on the device's clock (epoch ms), for the silence rule: a slow device clock is not silence. */
  readonly deviceNowMs: number;
  /** The type of an activity a fix opens: the owner's favourite (read once, when needed). */
  readonly defaultType: (trx: Trx) => Promise<ActivityType>;
}

function prepare(
  device: IngestDevice,
  { ingestKey, input, nowMs }: IngestRequest,
): PreparedRequest {
  const points = uniquePoints(input.points);
  const events = uniqueEvents(input.events);
  const heard = heardAfter(device.heard, nowMs, newestItemMs(points, events));
  let type: Promise<ActivityType> | undefined;
  return {
    ingestKey,
    device,
    input,
    nowMs,
    points,
    events,
    heard,
    deviceNowMs: nowMs - clockLagMs(heard),
    defaultType: (trx) => (type ??= favouriteType(trx, device.memberId)),
  };
}

/** `request` prepared again from its device's row as this transaction now sees it. */
async function relock(trx: Trx, request: PreparedRequest): Promise<PreparedRequest> {
  const devices = await lockIngestDevices(trx, [request.ingestKey]);
  const device = devices.get(request.ingestKey);
  return device ? prepare(device, request) : request;
}

/**
 * Writes the group's requests that the set-based path can store (groupedWrite.ts) together, in two
 * statements (plus the fold of late fixes inside open activities), when there are at least two or
 * one is such a late request; answers their writes by device id. A member's
 * requests take it only when the member has no other request in the group (the alert engine
 * evaluates each request in turn and may change another device's activity of the same member).
 */
async function writeGroupedRequests(
  trx: Trx,
  prepared: readonly (PreparedRequest | null)[],
): Promise<Map<number, GroupedWrite>> {
  const members = new Map<number, number>();
  for (const request of prepared) {
    if (request)
      members.set(request.device.memberId, (members.get(request.device.memberId) ?? 0) + 1);
  }
  const plans = prepared.flatMap((request) => {
    if (!request || members.get(request.device.memberId) !== 1) return [];
    const plan = planGroupedWrite(
      request.device,
      request.points,
      request.events,
      request.deviceNowMs,
    );
    return plan ? [plan] : [];
  });
  // One append saves nothing over its own two statements; and a request retried alone after its
  // group failed (ingestGroupCommit.ts) then takes the per-request path, whatever failed in the
  // grouped one. Late fixes inside the open activity take the set-based path even alone (then also
  // when retried): folding the activity's totals again costs two statements where a re-cut costs six.
  const worthIt =
    plans.length > 1 || plans.some((plan) => plan.kind === 'resent' && plan.inside !== null);
  const writes = worthIt ? await writeGrouped(trx, plans) : [];
  return new Map(writes.map((write) => [write.plan.device.deviceId, write]));
}

/**
 * A grouped write's counts, once the late fixes it newly stored (if any) are re-cut — unless the
 * grouped write already folded them into the open activity (groupedWrite.ts `inside`).
 */
async function finishGrouped(
  trx: Trx,
  request: PreparedRequest,
  { plan, stored }: GroupedWrite,
): Promise<StoredCounts> {
  if (plan.kind === 'resent' && stored.inOrder === undefined) {
    const merged = await recutStored(
      trx,
      ownerOf(request.device),
      stored.fixTimes,
      [],
      request.deviceNowMs,
      () => request.defaultType(trx),
    );
    if (merged.length > 0) return { ...stored, merged };
  }
  return stored;
}

/** Stores one request alone and builds its activities (activityBuilder.ts). */
function storeRequest(trx: Trx, request: PreparedRequest): Promise<StoredCounts> {
  return storeAndBuild(
    trx,
    ownerOf(request.device),
    request.device,
    request.points,
    request.events,
    request.deviceNowMs,
    () => request.defaultType(trx),
  );
}

const ownerOf = (device: IngestDevice): ActivityOwner => ({
  deviceId: device.deviceId,
  memberId: device.memberId,
  ownedSinceMs: device.releasedMs,
});

/**
 * The outcome of a request whose items are stored (`stored`): the alert engine evaluates what it newly
 * stored, in the same transaction, and the activities it changed are taken from what it wrote (the
 * in-order path) or read (changed since `since`, ingestPublication.ts `readChanges`). Answers the
 * function that finishes the outcome: the group calls it once every request is built, so the read
 * sees what the whole transaction wrote (a later request's alert engine may have changed this
 * request's activities: another device of the same member).
 */
async function concludeRequest(
  trx: Trx,
  { device, input, nowMs, points, events }: PreparedRequest,
  stored: StoredCounts,
  since: Date,
  alerts: AlertEngineDeps | undefined,
): Promise<() => Promise<IngestOutcome>> {
  const mark = { ceilingId: device.ceilingActivityId, since };
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
  // activity's status: then the changes are read in the transaction (ingestPublication.ts).
  const known = alerted.activities.length === 0 ? stored.inOrder : undefined;
  // A request of re-sent items only (nothing stored) that moved no alert changed no activity.
  const unchanged = accepted === 0 && alerted.activities.length === 0;
  return async () => {
    const lateHeartRates = stored.lateHeartRates ?? [];
    // Otherwise one statement reads what changed and what the publication needs
    // (ingestPublication.ts).
    const read =
      known || unchanged
        ? null
        : await readChanges(
            trx,
            device.deviceId,
            mark,
            stored.fixTimes,
            lateHeartRates.flatMap((reading) =>
              reading.activityId === null ? [] : [reading.activityId],
            ),
          );
    const activities: ChangedActivity[] = known
      ? known.saved.map(({ activityId, created, extendedOnly }) => ({
          activityId,
          created,
          extendedOnly,
        }))
      : (read?.activities ?? []);
    const written = known
      ? {
          wearerId: device.wearerId,
          fixes: known.fixes,
          activities: known.saved.map((saved) => saved.row),
        }
      : read
        ? { wearerId: device.wearerId, ...read.written }
        : undefined;
    return {
      kind: 'stored',
      accepted,
      duplicates: input.points.length + input.events.length - accepted,
      commit: {
        memberId: device.memberId,
        wearerId: device.wearerId,
        deviceId: device.deviceId,
        fixTimes: stored.fixTimes,
        activities,
        battery: latestBattery(points, events),
        alerts: alerted.alerts,
        nowMs,
        ...(stored.lateHeartRates ? { lateHeartRates: stored.lateHeartRates } : {}),
        ...(stored.merged ? { merged: stored.merged } : {}),
        ...(written ? { written } : {}),
      },
    };
  };
}
