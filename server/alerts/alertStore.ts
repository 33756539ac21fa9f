import { sql } from 'kysely';
import { AlertCloseState, AlertType, Severity } from '../../src/api/enums';
import type { Trx } from '../telemetry/ingestDevice';
import { alertConfigMap, isAlertProfile, type AlertConfigMap } from './alertConfigurations';
import {
  HOLD_MAX_MS,
  type AlertState,
  type Decision,
  type OpenAlert,
  type Position,
} from './alertState';
import { activityStatus } from './activityStatus';
import type { ZoneShape } from './zoneGeometry';

/*
 * The alert engine's reads and writes (issue 5 item 3), always inside the caller's transaction with
 * the device row locked, so one device's alerts change one request at a time. The partial unique index
 * `alerts_open_type` keeps one open alert per member and type even across devices.
 */

/** What the engine reads of a wearer before evaluating. */
export interface WearerAlertContext {
  readonly state: AlertState;
  readonly configs: AlertConfigMap;
  readonly zones: readonly ZoneShape[];
  readonly wearerName: string;
  /** ISO 3166-1 alpha-2 country the account is registered in, null when unknown. */
  readonly countryCode: string | null;
  /** The member's language for messages and e-mails (ISO 639-1), null when unknown. */
  readonly languageCode: string | null;
}

/**
 * Reads the member's open alerts, pause, held types (those a person closed within
 * {@link HOLD_MAX_MS} before `nowMs`, epoch ms, not rearmed since), profile configurations, active
 * zones, name and country.
 */
export async function loadWearerAlertContext(
  trx: Trx,
  memberId: number,
  nowMs: number,
): Promise<WearerAlertContext> {
  const member = await trx
    .selectFrom('members')
    .select([
      'name_first',
      'name_last',
      'country_code',
      'language_code',
      'alert_profile',
      'alerts_paused_until_ms',
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('alerts')
    .select(['alert_type', 'severity', 'opened_ms', 'lat', 'lon'])
    .where('member_id', '=', memberId)
    // Literals where a partial index's predicate must match (prepared statements' generic plans).
    .where('close_state', '=', sql.lit('OPEN'))
    .execute();
  const open: OpenAlert[] = [];
  for (const row of rows) {
    const type = AlertType.safeParse(row.alert_type);
    const severity = Severity.safeParse(row.severity);
    if (!type.success || !severity.success) continue;
    open.push({
      type: type.data,
      severity: severity.data,
      openedMs: row.opened_ms,
      position: row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon },
    });
  }
  const configs = alertConfigMap(
    isAlertProfile(member.alert_profile) ? member.alert_profile : 'GENERAL',
  );
  const beaconRadiusKm = configs.get('GEOFENCE')?.ThresholdValue ?? null;
  const held = await loadHeldTypes(trx, memberId, nowMs);
  return {
    state: {
      open,
      pausedUntilMs: member.alerts_paused_until_ms,
      ...(held.size > 0 ? { held } : {}),
    },
    configs,
    zones: await loadZones(trx, memberId, beaconRadiusKm),
    wearerName: `${member.name_first} ${member.name_last}`.trim(),
    countryCode: member.country_code,
    languageCode: member.language_code,
  };
}

/** Close states of an alert a person ended (the wearer, a guardian, an operator). */
const PERSON_CLOSED = ['CLOSED_BY_USER', 'CLOSED_BY_OPERATOR'] as const;

/**
 * The member's held types (alertState.ts `held`): of each type, the latest alert a person closed
 * after `nowMs` − {@link HOLD_MAX_MS} whose condition has not returned to normal (`rearmed_ms` null),
 * type → its close time (epoch ms). Through the partial index `alerts_held` (0028_alert_rearm).
 */
async function loadHeldTypes(
  trx: Trx,
  memberId: number,
  nowMs: number,
): Promise<Map<AlertType, number>> {
  const rows = await trx
    .selectFrom('alerts')
    .select(['alert_type', (eb) => eb.fn.max('closed_ms').as('closed_ms')])
    .where('member_id', '=', memberId)
    // Literals where a partial index's predicate must match (prepared statements' generic plans).
    .where(
      'close_state',
      'in',
      PERSON_CLOSED.map((state) => sql.lit(state)),
    )
    .where('rearmed_ms', 'is', null)
    .where('closed_ms', '>', nowMs - HOLD_MAX_MS)
    .groupBy('alert_type')
    .execute();
  const held = new Map<AlertType, number>();
  for (const row of rows) {
    const type = AlertType.safeParse(row.alert_type);
    if (type.success && row.closed_ms !== null) held.set(type.data, row.closed_ms);
  }
  return held;
}

/**
 * Ends the hold of `decision.type` (alertState.ts `REARM`): every alert of that type a person closed
 * and not yet rearmed gets `rearmed_ms`, the decision's time (epoch ms).
 */
export async function rearmHeldType(
  trx: Trx,
  memberId: number,
  decision: Extract<Decision, { kind: 'REARM' }>,
): Promise<void> {
  await trx
    .updateTable('alerts')
    .set({ rearmed_ms: Math.max(decision.timeMs, 0) })
    .where('member_id', '=', memberId)
    .where('alert_type', '=', decision.type)
    .where(
      'close_state',
      'in',
      PERSON_CLOSED.map((state) => sql.lit(state)),
    )
    .where('rearmed_ms', 'is', null)
    .execute();
}

/**
 * The member's active CIRCLE and POLYGON zones; a BEACON zone with a position counts as a circle of
 * `beaconRadiusKm` (the GEOFENCE threshold, 5 km by default, app §9), one without is left out.
 */
async function loadZones(
  trx: Trx,
  memberId: number,
  beaconRadiusKm: number | null,
): Promise<ZoneShape[]> {
  const rows = await trx
    .selectFrom('zones')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('active', '=', sql.lit(true))
    .execute();
  const zones: ZoneShape[] = [];
  for (const row of rows) {
    const kind = row.zone_kind;
    if (row.zone_type === 'POLYGON' && row.polygon) {
      zones.push({ zoneId: row.zone_id, kind, shape: 'POLYGON', ring: row.polygon });
    } else if (row.center_lat !== null && row.center_lon !== null) {
      const radiusM =
        row.zone_type === 'BEACON' && beaconRadiusKm !== null
          ? beaconRadiusKm * 1000
          : row.radius_m;
      if (radiusM === null) continue;
      zones.push({
        zoneId: row.zone_id,
        kind,
        shape: 'CIRCLE',
        center: { lat: row.center_lat, lon: row.center_lon },
        radiusM,
      });
    }
  }
  return zones;
}

/** How long after its end an activity still takes the device's alerts, ms (e.g. NO_DATA at +1 h). */
export const ALERT_ACTIVITY_GRACE_MS = 2 * 60 * 60 * 1000;

/**
 * The activity of `deviceId` an alert at `timeMs` belongs to, with its type: the one running then,
 * else the latest that started before and ended at most {@link ALERT_ACTIVITY_GRACE_MS} earlier; null
 * when none.
 */
export async function activityAt(
  trx: Trx,
  deviceId: number,
  timeMs: number,
): Promise<{ readonly activityId: number; readonly activityType: string } | null> {
  const row = await trx
    .selectFrom('activities')
    .select(['activity_id', 'activity_type'])
    .where('device_id', '=', deviceId)
    .where('timestamp_start_ms', '<=', timeMs)
    .where((eb) =>
      eb.or([
        eb('timestamp_end_ms', 'is', null),
        eb('timestamp_end_ms', '>=', timeMs - ALERT_ACTIVITY_GRACE_MS),
      ]),
    )
    .orderBy('timestamp_start_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { activityId: row.activity_id, activityType: row.activity_type } : null;
}

/** Fix search around an alert time: the last fix up to 15 min before, else the first up to 5 min after. */
const POSITION_BEFORE_MS = 15 * 60_000;
const POSITION_AFTER_MS = 5 * 60_000;

/** Where the device was at `timeMs`: see {@link POSITION_BEFORE_MS}; null when no fix is near. */
export async function positionAt(
  trx: Trx,
  deviceId: number,
  timeMs: number,
): Promise<Position | null> {
  const before = await trx
    .selectFrom('location_points')
    .select(['lat', 'lon'])
    .where('device_id', '=', deviceId)
    .where('device_time_ms', '<=', timeMs)
    .where('device_time_ms', '>=', timeMs - POSITION_BEFORE_MS)
    .orderBy('device_time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (before) return before;
  const after = await trx
    .selectFrom('location_points')
    .select(['lat', 'lon'])
    .where('device_id', '=', deviceId)
    .where('device_time_ms', '>', timeMs)
    .where('device_time_ms', '<=', timeMs + POSITION_AFTER_MS)
    .orderBy('device_time_ms')
    .limit(1)
    .executeTakeFirst();
  return after ?? null;
}

/** An alert the engine opened, with where and for which activity. */
export interface OpenedAlert {
  readonly alertId: number;
  readonly activityId: number | null;
  readonly decision: Extract<Decision, { kind: 'OPEN' }>;
  readonly position: Position | null;
}

/** An alert row written by {@link openAlert} or {@link closeAlert}. */
export interface ChangedAlert {
  readonly alertId: number;
  readonly activityId: number | null;
  readonly created: boolean;
}

/**
 * Inserts an OPEN alert for `decision` (one open per member and type: a concurrent duplicate inserts
 * nothing and answers null), at `position`, under `activityId`, with the rescue organisations told.
 */
export async function openAlert(
  trx: Trx,
  owner: { readonly memberId: number; readonly deviceId: number },
  decision: Extract<Decision, { kind: 'OPEN' }>,
  where: { readonly position: Position | null; readonly activityId: number | null },
  rescueOrgCodes: readonly string[],
  nowMs: number,
): Promise<number | null> {
  const row = await trx
    .insertInto('alerts')
    .values({
      member_id: owner.memberId,
      device_id: owner.deviceId,
      activity_id: where.activityId,
      alert_type: decision.type,
      severity: decision.severity,
      close_state: 'OPEN',
      opened_ms: decision.timeMs,
      updated_ms: nowMs,
      lat: where.position?.lat ?? null,
      lon: where.position?.lon ?? null,
      value: decision.value,
      body_position: decision.bodyPosition,
      rescue_orgs_notified: [...rescueOrgCodes],
    })
    // The arbiter is the partial unique index of open alerts; its predicate is a literal, not a
    // parameter, so PostgreSQL infers the index under a prepared statement's generic plan too
    // (server/db/preparedStatements.ts).
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'alert_type'])
        .where('close_state', '=', sql.lit('OPEN'))
        .doNothing(),
    )
    .returning('alert_id')
    .executeTakeFirst();
  return row?.alert_id ?? null;
}

/**
 * Closes the member's open alert of the decision's type for its reason: CLOSED_BY_SYSTEM by the
 * system, CLOSED_BY_USER by the wearer (the device's close command). Answers the row, or null when
 * none was open.
 */
export async function closeAlert(
  trx: Trx,
  memberId: number,
  decision: Extract<Decision, { kind: 'CLOSE' }>,
  nowMs: number,
): Promise<ChangedAlert | null> {
  const row = await trx
    .updateTable('alerts')
    .set({
      close_state: decision.by === 'WEARER' ? 'CLOSED_BY_USER' : 'CLOSED_BY_SYSTEM',
      closure_reason: decision.reason,
      closed_by_actor: decision.by,
      closed_ms: Math.max(decision.timeMs, 0),
      updated_ms: nowMs,
    })
    .where('member_id', '=', memberId)
    .where('alert_type', '=', decision.type)
    .where('close_state', '=', sql.lit('OPEN'))
    .returning(['alert_id', 'activity_id'])
    .executeTakeFirst();
  if (row && decision.by === 'WEARER') await keepAlertWatch(trx, memberId, nowMs);
  return row ? { alertId: row.alert_id, activityId: row.activity_id, created: false } : null;
}

/**
 * After a person closed one of the member's alerts at `nowMs` (server clock, epoch ms): keeps the
 * ingest's alert watch on for {@link HOLD_MAX_MS} (`members.alert_holds_until_ms`), so the reading
 * that rearms a held type is evaluated even with no alert open and no zone.
 */
export async function keepAlertWatch(trx: Trx, memberId: number, nowMs: number): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      alert_holds_until_ms: sql<number>`greatest(coalesce(alert_holds_until_ms, 0), ${nowMs + HOLD_MAX_MS}::bigint)`,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/**
 * Sets each activity's status from its alerts (activityStatus.ts), stamping `updated_at` when it
 * changed so the ingest's publication reports it. Answers the activities whose status changed.
 */
export async function refreshActivityStatuses(
  trx: Trx,
  activityIds: ReadonlySet<number>,
): Promise<number[]> {
  if (activityIds.size === 0) return [];
  const ids = [...activityIds];
  const activities = await trx
    .selectFrom('activities')
    .select(['activity_id', 'status', 'timestamp_end_ms'])
    .where('activity_id', 'in', ids)
    .execute();
  const alerts = await trx
    .selectFrom('alerts')
    .select(['activity_id', 'alert_type', 'severity', 'close_state'])
    .where('activity_id', 'in', ids)
    .execute();
  const changed: number[] = [];
  for (const activity of activities) {
    const own = alerts.flatMap((row) => {
      const type = AlertType.safeParse(row.alert_type);
      const severity = Severity.safeParse(row.severity);
      const closeState = AlertCloseState.safeParse(row.close_state);
      return row.activity_id === activity.activity_id &&
        type.success &&
        severity.success &&
        closeState.success
        ? [{ type: type.data, severity: severity.data, closeState: closeState.data }]
        : [];
    });
    const status = activityStatus(activity.timestamp_end_ms === null, own);
    if (status === activity.status) continue;
    await trx
      .updateTable('activities')
      .set({ status, updated_at: new Date() })
      .where('activity_id', '=', activity.activity_id)
      .execute();
    changed.push(activity.activity_id);
  }
  return changed;
}
