import { sql, type RawBuilder } from 'kysely';
import type { EntityChanges } from '../../src/api/socket';
import type { Db } from '../db/database';
import { storeDecisions, type AlertEngineDeps, type AlertOutcome } from './alertEngine';
import { loadWearerAlertContext } from './alertStore';
import { lagSql } from '../telemetry/deviceLag';
import { evaluateObservations } from './alertRules';
import type { Observation } from './alertState';
import { evaluateTime, type DeviceClock, type TimedFix } from './timeRules';

/*
 * The periodic alert sweep (issue 5 item 3): the rules of elapsed time (timeRules.ts) for every device
 * that may need them — one with device events in the last {@link SWEEP_LOOKBACK_MS} or whose member
 * has an open alert — each in its own transaction with the device row locked, like the ingest.
 */

/** How far back a device's events make it a candidate, ms; also the longest tracking session. */
export const SWEEP_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** The longest no-motion window of any profile, ms: how many fixes the sweep reads per device. */
const MOTION_WINDOW_MS = 3600 * 1000;

interface Candidate {
  readonly device_id: number;
  readonly member_id: number;
  readonly wearer_id: number;
  readonly start_ms: number | null;
  readonly stop_ms: number | null;
  readonly last_fix_ms: number | null;
  readonly last_event_ms: number | null;
  readonly not_worn_ms: number | null;
  readonly worn_ms: number | null;
  /** Server time minus device time at the device's newest report (0 when unknown). */
  readonly lag_ms: number;
}

/** What the sweep reads of a device (a {@link Candidate}), for the devices `where` selects. */
function candidateSelect(where: RawBuilder<unknown>): RawBuilder<Candidate> {
  return sql<Candidate>`
    select d.device_id, d.member_id, m.wearer_id,
      coalesce(${lagSql('d')}, 0) as lag_ms,
      (select max(e.event_time_ms) from device_events e
        where e.device_id = d.device_id and e.event_type = 'TRACKING_START') as start_ms,
      (select max(e.event_time_ms) from device_events e
        where e.device_id = d.device_id and e.event_type = 'TRACKING_STOP') as stop_ms,
      (select max(p.device_time_ms) from location_points p where p.device_id = d.device_id)
        as last_fix_ms,
      (select max(e.event_time_ms) from device_events e where e.device_id = d.device_id)
        as last_event_ms,
      (select max(e.event_time_ms) from device_events e
        where e.device_id = d.device_id and e.event_type = 'NOT_WORN') as not_worn_ms,
      (select max(e.event_time_ms) from device_events e
        where e.device_id = d.device_id
          and (e.event_type = 'CHARGING' or (e.event_type = 'VITALS' and e.heart_rate_bpm > 0)))
        as worn_ms
    from devices d join members m on m.member_id = d.member_id
    where ${where}`;
}

async function candidates(db: Db, nowMs: number): Promise<Candidate[]> {
  const since = nowMs - SWEEP_LOOKBACK_MS;
  const { rows } = await candidateSelect(sql`
    exists (select 1 from device_events e
            where e.device_id = d.device_id
              and e.event_time_ms > ${since} - coalesce(${lagSql('d')}, 0))
    or exists (select 1 from alerts a where a.member_id = d.member_id and a.close_state = 'OPEN')
  `).execute(db);
  return rows;
}

/**
 * The candidate row of `deviceId` read again inside the sweep's transaction, after its device row is
 * locked: what an ingest committed since the sweep listed the device (new data, a TRACKING_STOP) is
 * judged, not the list's older picture (which could raise NO_DATA on data that has since come, or
 * leave open what that data closed). Null when the device is no longer the member's.
 */
async function candidateNow(
  trx: Db,
  deviceId: number,
  memberId: number,
): Promise<Candidate | null> {
  const { rows } = await candidateSelect(
    sql`d.device_id = ${deviceId} and d.member_id = ${memberId}`,
  ).execute(trx);
  return rows[0] ?? null;
}

/**
 * The device's {@link DeviceClock} from its candidate row and recent fixes, at `deviceNowMs` (now on
 * the device's clock: the server's less `row.lag_ms`).
 */
export function deviceClock(
  row: Candidate,
  recentFixes: readonly TimedFix[],
  deviceNowMs: number,
): DeviceClock {
  const tracking =
    row.start_ms !== null &&
    (row.stop_ms === null || row.start_ms > row.stop_ms) &&
    row.start_ms > deviceNowMs - SWEEP_LOOKBACK_MS;
  const lastItem = Math.max(row.last_fix_ms ?? -Infinity, row.last_event_ms ?? -Infinity);
  return {
    clockLagMs: row.lag_ms,
    trackingSinceMs: tracking ? row.start_ms : null,
    lastItemMs: Number.isFinite(lastItem) ? lastItem : null,
    lastFixMs: row.last_fix_ms,
    recentFixes,
    notWornSinceMs:
      row.not_worn_ms !== null && (row.worn_ms === null || row.worn_ms < row.not_worn_ms)
        ? row.not_worn_ms
        : null,
  };
}

/**
 * The observations of what the device has stored, newest first in kind: its newest fix (POSITION) and
 * its newest fix or event (DATA), times on the device's clock (epoch ms). The sweep judges them again
 * before the time rules, so that an alert the stored data has already cleared — NO_DATA by data, NO_GPS
 * by a fix, NO_MOTION by a fix 50 m away — closes at the latest at the next sweep. The ingest judges
 * them as they arrive, but it skips fixes when its lock statement saw the wearer without an open alert
 * (server/telemetry/ingestDevice.ts `alert_watch`), and that statement's snapshot is taken before it
 * waits for the device's lock: an ingest that waited for the sweep opening NO_DATA read "no alert" and
 * stored the data that ends it without closing it (docs/decisions.md "The sweep closes what stored data
 * cleared").
 */
export function storedDataObservations(
  device: DeviceClock,
  recentFixes: readonly TimedFix[],
): Observation[] {
  const newest = recentFixes[recentFixes.length - 1];
  return [
    ...(newest
      ? [
          {
            kind: 'POSITION' as const,
            timeMs: newest.timeMs,
            position: newest.position,
            haccM: newest.haccM,
          },
        ]
      : []),
    ...(device.lastItemMs === null ? [] : [{ kind: 'DATA' as const, timeMs: device.lastItemMs }]),
  ];
}

/** The device's fixes of the longest no-motion window before `deviceNowMs` (its clock), and one before. */
async function recentFixes(db: Db, deviceId: number, deviceNowMs: number): Promise<TimedFix[]> {
  const from = deviceNowMs - MOTION_WINDOW_MS;
  const { rows } = await sql<{
    device_time_ms: number;
    lat: number;
    lon: number;
    hacc: number | null;
  }>`
    (select device_time_ms, lat, lon, hacc from location_points
      where device_id = ${deviceId} and device_time_ms < ${from}
      order by device_time_ms desc limit 1)
    union all
    (select device_time_ms, lat, lon, hacc from location_points
      where device_id = ${deviceId} and device_time_ms >= ${from}
      order by device_time_ms)
    order by device_time_ms`.execute(db);
  return rows.map((row) => ({
    timeMs: row.device_time_ms,
    position: { lat: row.lat, lon: row.lon },
    haccM: row.hacc,
  }));
}

/** The EntityChanges of an alert outcome: the alerts, then the activities whose status changed. */
export function alertEntityChanges(
  outcome: AlertOutcome,
  wearerId: number,
  nowMs: number,
): EntityChanges {
  return [
    ...outcome.alerts.map((alert) => ({
      EntityType: 'Alert' as const,
      EntityId: alert.alertId,
      ChangeType: alert.created ? ('created' as const) : ('updated' as const),
      Timestamp: nowMs,
      WearerID: wearerId,
      ActivityId: alert.activityId,
    })),
    ...outcome.activities.map((activityId) => ({
      EntityType: 'Activity' as const,
      EntityId: activityId,
      ChangeType: 'updated' as const,
      Timestamp: nowMs,
      WearerID: wearerId,
      ActivityId: activityId,
    })),
  ];
}

/** Called with each member's committed changes of a sweep. */
export type SweepPublisher = (memberId: number, changes: EntityChanges) => void;

/**
 * Runs the time rules once at server time `nowMs` (epoch ms) for every candidate device and stores
 * the decisions; each device's committed changes go to `publish`. Answers how many alerts changed.
 */
export async function sweepAlerts(
  db: Db,
  nowMs: number,
  deps: AlertEngineDeps,
  publish?: SweepPublisher,
): Promise<number> {
  let changed = 0;
  for (const listed of await candidates(db, nowMs)) {
    const outcome = await db.transaction().execute(async (trx) => {
      await sql`select 1 from devices where device_id = ${listed.device_id} for no key update`.execute(
        trx,
      );
      const row = await candidateNow(trx, listed.device_id, listed.member_id);
      if (!row) return null;
      const deviceNowMs = nowMs - row.lag_ms;
      const fixes = await recentFixes(trx, row.device_id, deviceNowMs);
      const wearer = await loadWearerAlertContext(trx, row.member_id, nowMs);
      const newest = fixes[fixes.length - 1];
      const context = {
        configs: wearer.configs,
        zones: wearer.zones,
        nowMs,
        lastPosition: newest?.position ?? null,
      };
      const clock = deviceClock(row, fixes, deviceNowMs);
      // Zones are judged as fixes arrive only: here the stored data can only close what it cleared.
      const caughtUp = evaluateObservations(wearer.state, storedDataObservations(clock, fixes), {
        ...context,
        zones: [],
      });
      const decisions = [...caughtUp.decisions, ...evaluateTime(caughtUp.state, clock, context)];
      if (decisions.length === 0) return null;
      const owner = { memberId: row.member_id, deviceId: row.device_id };
      return storeDecisions(trx, owner, wearer, decisions, nowMs, deps);
    });
    if (!outcome || outcome.alerts.length === 0) continue;
    changed += outcome.alerts.length;
    publish?.(listed.member_id, alertEntityChanges(outcome, listed.wearer_id, nowMs));
  }
  return changed;
}
