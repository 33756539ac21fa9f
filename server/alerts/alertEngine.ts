import type { EmergencyContact } from '../../src/api/entities/contact';
import type { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { listContacts } from '../member/contactsRepository';
import { storeOutboxMessages } from '../outbox/outbox';
import type { Trx } from '../telemetry/ingestDevice';
import { contactNotifications, rescueNotifications } from './alertNotifications';
import { evaluateObservations } from './alertRules';
import { isWaterActivity } from './waterActivities';
import { EMERGENCY_TYPES, type Decision, type Observation, type Position } from './alertState';
import {
  activityAt,
  closeAlert,
  loadWearerAlertContext,
  rearmHeldType,
  openAlert,
  positionAt,
  refreshActivityStatuses,
  type ChangedAlert,
  type WearerAlertContext,
} from './alertStore';

/*
 * The alert engine (issue 5 item 3; ARCHITECTURE.md §1 "alert engine … → alerts + notifications"):
 * runs inside the ingest transaction after the activity builder, on what the request newly stored,
 * and in the periodic sweep (alertSweep.ts) for the rules of elapsed time. Decisions come from the pure
 * rules (alertRules.ts, timeRules.ts); this module stores them, routes emergencies to rescue
 * organisations (policy §1) and puts the notifications in the outbox — all in the same transaction, so
 * an alert and its notifications exist together or not at all.
 */

/** A rescue organisation told about an alert. */
export interface RescueOrgRef {
  readonly code: string;
  readonly name: string;
}

/**
 * Picks the rescue organisations an emergency at `position` goes to for a member registered in
 * `homeCountryCode` (policy §1; server/alerts/rescueRouting): empty → contacts only.
 */
export type RescueRouter = (input: {
  readonly position: Position | null;
  readonly homeCountryCode: string | null;
  /** Whether the alert's activity is done on water (waterActivities.ts): routes an unknown position. */
  readonly waterActivity: boolean;
}) => readonly RescueOrgRef[];

/** The alert engine's outside world. */
export interface AlertEngineDeps {
  readonly rescueRouter: RescueRouter;
  /**
   * Asks for a delivery round of the notifications stored by committed alerts (the outbox's
   * `deliverPending`, one round at a time: server/app.ts); called after the commit, never inside the
   * transaction, and never waits for the round. Absent: they stay stored (the embedded outbox).
   */
  readonly requestDelivery?: () => void;
}

/** The device whose data is evaluated and its owner. */
export interface AlertOwner {
  readonly memberId: number;
  readonly deviceId: number;
}

/** What the engine changed: alerts created or closed, and activities whose status changed. */
export interface AlertOutcome {
  readonly alerts: readonly ChangedAlert[];
  readonly activities: readonly number[];
}

/** Severity at which an emergency is routed to rescue services (Critical, app §3). */
const RESCUE_SEVERITY = 4;

/**
 * The observations of one request: every new device event (in any order — late ones too: an SOS
 * buffered offline still counts), the battery of the newest new point that carries one, the newest
 * new fix as POSITION when it is the device's newest (`frontierMs`: the newest fix or tracking event
 * before the request, epoch ms), and DATA at the newest new item.
 */
export function observationsOf(
  points: readonly IngestPoint[],
  events: readonly IngestEvent[],
  frontierMs: number | null,
): Observation[] {
  const observations: Observation[] = [];
  for (const event of events) {
    const timeMs = event.Time;
    switch (event.Type) {
      case 'SOS':
      case 'ASSISTANCE':
        observations.push({ kind: 'HELP', type: 'ASSISTANCE', timeMs });
        break;
      case 'MANUAL_EMERGENCY':
        observations.push({ kind: 'HELP', type: 'MANUAL', timeMs });
        break;
      case 'FALL':
        observations.push({ kind: 'FALL', timeMs, bodyPosition: event.BodyPosition });
        break;
      case 'BATTERY':
        observations.push({ kind: 'BATTERY', timeMs, percent: event.Percent });
        break;
      case 'OXYGEN_SENSOR_BATTERY':
        observations.push({
          kind: 'SENSOR_BATTERY',
          sensor: 'OXYGEN',
          timeMs,
          percent: event.Percent,
        });
        break;
      case 'RESPIRATORY_SENSOR_BATTERY':
        observations.push({
          kind: 'SENSOR_BATTERY',
          sensor: 'RESPIRATORY',
          timeMs,
          percent: event.Percent,
        });
        break;
      case 'TEMPERATURE_SENSOR_BATTERY':
        observations.push({
          kind: 'SENSOR_BATTERY',
          sensor: 'TEMPERATURE',
          timeMs,
          percent: event.Percent,
        });
        break;
      case 'CHARGING':
      case 'NOT_WORN':
      case 'TRACKING_STOP':
      case 'CLOSE_ALERTS':
      case 'NO_RESPONSE':
      case 'CHECK_IN_MISSED':
      case 'CHECK_IN':
        observations.push({ kind: event.Type, timeMs });
        break;
      case 'VITALS':
        observations.push({
          kind: 'VITALS',
          timeMs,
          temperatureC: event.TemperatureC ?? null,
          oxygenPct: event.OxygenPct ?? null,
          respirationBpm: event.RespirationBpm ?? null,
          heartRateBpm: event.HeartRateBpm ?? null,
        });
        break;
      case 'TRACKING_START':
        break;
    }
  }
  const newest = points.reduce<IngestPoint | null>(
    (best, point) => (best === null || point.Time > best.Time ? point : best),
    null,
  );
  const charged = points.reduce<IngestPoint | null>(
    (best, point) =>
      point.Battery !== null && point.Battery !== undefined && (!best || point.Time > best.Time)
        ? point
        : best,
    null,
  );
  if (charged?.Battery !== null && charged?.Battery !== undefined) {
    observations.push({ kind: 'BATTERY', timeMs: charged.Time, percent: charged.Battery });
  }
  if (newest && (frontierMs === null || newest.Time > frontierMs)) {
    observations.push({
      kind: 'POSITION',
      timeMs: newest.Time,
      position: { lat: newest.Lat, lon: newest.Lon },
      haccM: newest.Hacc ?? null,
    });
  }
  const lastItem = Math.max(newest?.Time ?? -Infinity, ...events.map((event) => event.Time));
  if (Number.isFinite(lastItem)) observations.push({ kind: 'DATA', timeMs: lastItem });
  return observations;
}

/**
 * Stores `decisions` for the wearer of `owner`: opens alerts (with the activity and position at their
 * time, rescue organisations for critical emergencies, notifications in the outbox) and closes alerts,
 * then refreshes the status of the activities touched. `nowMs` is the server clock (epoch ms).
 */
export async function storeDecisions(
  trx: Trx,
  owner: AlertOwner,
  wearer: WearerAlertContext,
  decisions: readonly Decision[],
  nowMs: number,
  deps: AlertEngineDeps,
): Promise<AlertOutcome> {
  const alerts: ChangedAlert[] = [];
  const touched = new Set<number>();
  let contacts: Promise<EmergencyContact[]> | undefined;
  for (const decision of decisions) {
    if (decision.kind === 'REARM') {
      await rearmHeldType(trx, owner.memberId, decision);
      continue;
    }
    if (decision.kind === 'CLOSE') {
      const closed = await closeAlert(trx, owner.memberId, decision, nowMs);
      if (closed) {
        alerts.push(closed);
        if (closed.activityId !== null) touched.add(closed.activityId);
      }
      continue;
    }
    const activity = await activityAt(trx, owner.deviceId, decision.timeMs);
    const activityId = activity?.activityId ?? null;
    const position = decision.position ?? (await positionAt(trx, owner.deviceId, decision.timeMs));
    const rescueOrgs =
      EMERGENCY_TYPES.has(decision.type) && decision.severity >= RESCUE_SEVERITY
        ? deps.rescueRouter({
            position,
            homeCountryCode: wearer.countryCode,
            waterActivity: isWaterActivity(activity?.activityType ?? null),
          })
        : [];
    const where = { position, activityId };
    const codes = rescueOrgs.map((org) => org.code);
    const alertId = await openAlert(trx, owner, decision, where, codes, nowMs);
    if (alertId === null) continue;
    alerts.push({ alertId, activityId, created: true });
    if (activityId !== null) touched.add(activityId);
    contacts ??= listContacts(trx, owner.memberId);
    const config = wearer.configs.get(decision.type);
    const notice = {
      alertId,
      type: decision.type,
      severity: decision.severity,
      timeMs: decision.timeMs,
      value: decision.value,
      units: config?.ThresholdUnits ?? null,
      position,
      wearerName: wearer.wearerName,
      language: wearer.languageCode,
      rescueOrgs,
    };
    const counts = config?.EmergencyContactNotifications ?? { Email: 1, Sms: 1, Voice: 1 };
    const everyone = await contacts;
    await storeOutboxMessages(
      trx,
      [...contactNotifications(everyone, notice, counts), ...rescueNotifications(everyone, notice)],
      nowMs,
    );
  }
  const activities = await refreshActivityStatuses(trx, touched);
  return { alerts, activities };
}

/** The highest battery threshold of any profile, %: a reading above it cannot open an alert. */
const HIGHEST_BATTERY_THRESHOLD = 15;

/**
 * Whether `observations` can change nothing for a wearer with no open alert and no zone: data, fixes,
 * check-ins and battery readings above every threshold only ever close alerts or test zones.
 */
function inconsequential(observations: readonly Observation[]): boolean {
  return observations.every(
    (observation) =>
      observation.kind === 'DATA' ||
      observation.kind === 'POSITION' ||
      observation.kind === 'CHECK_IN' ||
      ((observation.kind === 'BATTERY' || observation.kind === 'SENSOR_BATTERY') &&
        observation.percent > HIGHEST_BATTERY_THRESHOLD),
  );
}

/**
 * Evaluates what one ingest request newly stored (`points`, `events`) for the device `owner`, in the
 * request's transaction: see {@link observationsOf} and {@link storeDecisions}. `alertWatch` false
 * (the wearer has no open alert and no zone) skips reading the wearer when the observations cannot
 * open anything — the common case of a fix.
 */
export async function evaluateIngest(
  trx: Trx,
  owner: AlertOwner,
  stored: {
    readonly points: readonly IngestPoint[];
    readonly events: readonly IngestEvent[];
    readonly frontierMs: number | null;
    readonly alertWatch: boolean;
  },
  nowMs: number,
  deps: AlertEngineDeps,
): Promise<AlertOutcome> {
  const observations = observationsOf(stored.points, stored.events, stored.frontierMs);
  if (observations.length === 0) return { alerts: [], activities: [] };
  if (!stored.alertWatch && inconsequential(observations)) return { alerts: [], activities: [] };
  const wearer = await loadWearerAlertContext(trx, owner.memberId, nowMs);
  const context = { configs: wearer.configs, zones: wearer.zones, nowMs, lastPosition: null };
  const { decisions } = evaluateObservations(wearer.state, observations, context);
  if (decisions.length === 0) return { alerts: [], activities: [] };
  return storeDecisions(trx, owner, wearer, decisions, nowMs, deps);
}
