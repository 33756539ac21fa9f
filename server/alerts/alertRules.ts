import type { AlertType } from '../../src/api/enums';
import {
  applyDecisions,
  type AlertState,
  type Decision,
  type Observation,
  type RuleContext,
} from './alertState';
import { clears } from './clearingBands';
import { DEVICE_REPORT_RULES } from './deviceReportRules';
import { isTrustedFix, withinMovement } from './fixAccuracy';
import {
  batteryDecisions,
  closeIf,
  openIf,
  rearmIf,
  renewOrOpen,
  thresholdOf,
  type Rule,
} from './ruleDecisions';
import { geofenceVerdict, isClearOfZoneEdges } from './zoneGeometry';

/*
 * The alert rules for what a device reports (issue 5 item 3; app §3 alert types and closure reasons,
 * §9 thresholds; policy §3, §4). Pure: {@link evaluateObservations} folds observations in time order
 * over the wearer's alert state and answers the decisions; the engine stores them. Rules of elapsed
 * time (no data, no GPS, no motion, not worn, expiry) are in timeRules.ts.
 *
 * Opening: an alert type opens only when its configured severity is above None and no alert of that
 * type is open (one per type). Alerts the wearer raises by hand (ASSISTANCE, MANUAL) always open, also
 * while alerts are paused; every other type is held while paused (a pause set by a resolving
 * guardian, policy §4). A newer help request closes an open one of the other kind as DEFUNCT.
 *
 * Closing (app §3 closure reasons): CHARGING closes the battery and not-worn alerts; a metric back
 * past its threshold by its clearing band (clearingBands.ts) closes its alert as METRIC (battery,
 * vitals), as do a heart rate seen again for not-worn, a fix for no-GPS, data for no-data and 50 m of
 * movement for no-motion; TRACKING_STOP closes the tracking alerts (no data / GPS / motion, geofence,
 * not worn) as TRACKING_STOPPED — help requests and falls stay open until a person resolves them; a
 * fix clear of every zone's edge by the geofence's band (out of every DANGER zone, inside a SAFETY
 * zone) closes the geofence alert as ZONE_SAFE; the device's close command closes every open alert
 * as CLOSE_ALL_COMMAND, by the wearer.
 */

/** Movement that ends a no-motion alert, metres from where it was raised. */
export const NO_MOTION_RADIUS_M = 50;

/** Alerts the end of tracking closes (TRACKING_STOPPED). */
const TRACKING_ALERTS: readonly AlertType[] = [
  'NO_DATA',
  'NO_GPS',
  'NO_MOTION',
  'GEOFENCE',
  'NOT_WORN',
];

/** Re-exported: the renewal of a person's alert (ruleDecisions.ts). */
export { HELP_RENEWAL_MS } from './ruleDecisions';

const help: Rule = (state, observation, context) => {
  if (observation.kind !== 'HELP') return [];
  const other = observation.type === 'ASSISTANCE' ? 'MANUAL' : 'ASSISTANCE';
  const opened = renewOrOpen(state, context, observation.type, observation);
  if (opened.length === 0) return [];
  return [...closeIf(state, other, 'DEFUNCT', observation.timeMs), ...opened];
};

/** A fall opens FALL; one reported {@link HELP_RENEWAL_MS} after an unresolved one renews it. */
const fall: Rule = (state, observation, context) =>
  observation.kind === 'FALL'
    ? renewOrOpen(state, context, 'FALL', observation, { bodyPosition: observation.bodyPosition })
    : [];

/** The device's battery (thresholds of BATTERY_LOW and BATTERY_CRITICAL; ruleDecisions.ts). */
const battery: Rule = (state, observation, context) =>
  observation.kind === 'BATTERY'
    ? batteryDecisions(state, context, observation, 'BATTERY_LOW', 'BATTERY_CRITICAL')
    : [];

/** Charging closes the battery and not-worn alerts, and rearms the battery alerts a person closed. */
const charging: Rule = (state, observation) =>
  observation.kind === 'CHARGING'
    ? [
        ...(['BATTERY_LOW', 'BATTERY_CRITICAL', 'NOT_WORN'] as const).flatMap((type) =>
          closeIf(state, type, 'CHARGING', observation.timeMs),
        ),
        ...(['BATTERY_LOW', 'BATTERY_CRITICAL'] as const).flatMap((type) =>
          rearmIf(state, type, observation.timeMs),
        ),
      ]
    : [];

/**
 * A vital against a high and/or a low threshold: opens the side crossed; closes (METRIC) a side whose
 * clearing band the value is past (clearingBands.ts: a TEMPERATURE_HIGH of 37.2 °C closes at 36.9 °C).
 */
function vitalRange(
  state: AlertState,
  context: RuleContext,
  timeMs: number,
  value: number | null,
  high: AlertType | null,
  low: AlertType | null,
): Decision[] {
  if (value === null) return [];
  const highAt = high ? thresholdOf(context, high) : null;
  const lowAt = low ? thresholdOf(context, low) : null;
  const crossed =
    high && highAt !== null && value > highAt
      ? high
      : low && lowAt !== null && value < lowAt
        ? low
        : null;
  const cleared = (type: AlertType | null, at: number | null, crossedBy: 'above' | 'below') =>
    type !== null && type !== crossed && clears(type, at, crossedBy, value) ? [type] : [];
  const closes = [...cleared(high, highAt, 'above'), ...cleared(low, lowAt, 'below')].flatMap(
    (type) => [...closeIf(state, type, 'METRIC', timeMs), ...rearmIf(state, type, timeMs)],
  );
  return crossed ? [...closes, ...openIf(state, context, crossed, { timeMs, value })] : closes;
}

const vitals: Rule = (state, observation, context) => {
  if (observation.kind !== 'VITALS') return [];
  const { timeMs } = observation;
  return [
    ...vitalRange(
      state,
      context,
      timeMs,
      observation.temperatureC,
      'TEMPERATURE_HIGH',
      'TEMPERATURE_LOW',
    ),
    ...vitalRange(state, context, timeMs, observation.oxygenPct, null, 'OXYGEN_LOW'),
    ...vitalRange(
      state,
      context,
      timeMs,
      observation.respirationBpm,
      'RESPIRATORY_HIGH',
      'RESPIRATORY_LOW',
    ),
    ...(observation.heartRateBpm !== null && observation.heartRateBpm > 0
      ? closeIf(state, 'NOT_WORN', 'METRIC', timeMs)
      : []),
  ];
};

/**
 * The end of tracking closes the tracking alerts, even those raised after its time: a stop that
 * reached the server late (the device offline as it stopped) shows that the silence the sweep took
 * for trouble was the session's end. Such an alert closes at its own opening time.
 */
const trackingStop: Rule = (state, observation) =>
  observation.kind === 'TRACKING_STOP'
    ? state.open
        .filter((alert) => TRACKING_ALERTS.includes(alert.type))
        .flatMap((alert) =>
          closeIf(
            state,
            alert.type,
            'TRACKING_STOPPED',
            Math.max(observation.timeMs, alert.openedMs),
          ),
        )
    : [];

/** The device's close command: every alert raised up to its time (closeIf), by the wearer. */
const closeCommand: Rule = (state, observation) =>
  observation.kind === 'CLOSE_ALERTS'
    ? state.open.flatMap((alert) =>
        closeIf(state, alert.type, 'CLOSE_ALL_COMMAND', observation.timeMs, 'WEARER'),
      )
    : [];

/**
 * The newest fix: GPS back; and, when its accuracy can be trusted (fixAccuracy.ts), moving again (50 m
 * from where the no-motion alert was raised, beyond the fix's accuracy) and geofence in or out.
 */
const position: Rule = (state, observation, context) => {
  if (observation.kind !== 'POSITION') return [];
  const { timeMs } = observation;
  const decisions = closeIf(state, 'NO_GPS', 'METRIC', timeMs);
  if (!isTrustedFix(observation.haccM)) return decisions;
  const still = state.open.find((alert) => alert.type === 'NO_MOTION');
  if (
    still?.position &&
    !withinMovement({ position: still.position, haccM: null }, observation, NO_MOTION_RADIUS_M)
  ) {
    decisions.push(...closeIf(state, 'NO_MOTION', 'METRIC', timeMs));
  }
  if (context.zones.length > 0) {
    const verdict = geofenceVerdict(observation.position, context.zones);
    if (verdict.violated) {
      decisions.push(
        ...openIf(state, context, 'GEOFENCE', {
          timeMs,
          value: verdict.distanceKm,
          position: observation.position,
        }),
      );
    } else if (isClearOfZoneEdges(observation.position, context.zones)) {
      decisions.push(
        ...closeIf(state, 'GEOFENCE', 'ZONE_SAFE', timeMs),
        ...rearmIf(state, 'GEOFENCE', timeMs),
      );
    }
  }
  return decisions;
};

const data: Rule = (state, observation) =>
  observation.kind === 'DATA' ? closeIf(state, 'NO_DATA', 'METRIC', observation.timeMs) : [];

const RULES: readonly Rule[] = [
  help,
  fall,
  battery,
  ...DEVICE_REPORT_RULES,
  charging,
  vitals,
  trackingStop,
  closeCommand,
  position,
  data,
];

/**
 * Folds `observations` (any order; evaluated by device time, ties in the given order) over `state`
 * and answers every decision in order with the resulting state. `context.lastPosition` follows the
 * POSITION observations, so an alert raised after a fix carries that fix's position.
 */
export function evaluateObservations(
  state: AlertState,
  observations: readonly Observation[],
  context: RuleContext,
): { readonly state: AlertState; readonly decisions: readonly Decision[] } {
  const ordered = observations
    .map((observation, index) => ({ observation, index }))
    .sort((a, b) => a.observation.timeMs - b.observation.timeMs || a.index - b.index);
  let current = state;
  let lastPosition = context.lastPosition;
  const decisions: Decision[] = [];
  for (const { observation } of ordered) {
    if (observation.kind === 'POSITION') lastPosition = observation.position;
    const here = { ...context, lastPosition };
    for (const rule of RULES) {
      const made = rule(current, observation, here);
      decisions.push(...made);
      current = applyDecisions(current, made);
    }
  }
  return { state: current, decisions };
}
