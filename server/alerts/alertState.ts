import type { AlertClosureReason, AlertType, BodyPosition, Severity } from '../../src/api/enums';
import type { AlertConfigMap } from './alertConfigurations';
import type { ZoneShape } from './zoneGeometry';

/*
 * The vocabulary of the alert rules (server/alerts/alertRules.ts, timeRules.ts): what the engine knows
 * of a wearer's open alerts, what it observes, and what it decides. Everything here is plain data so
 * the rules are pure functions tested without a database or a clock (time is an argument).
 */

/** A WGS 84 position, degrees. */
export interface Position {
  readonly lat: number;
  readonly lon: number;
}

/** An open alert as the rules see it: one per type at most (the database enforces it too). */
export interface OpenAlert {
  readonly type: AlertType;
  readonly severity: Severity;
  /** When it was raised, epoch ms. */
  readonly openedMs: number;
  /** Where the wearer was when it was raised, null when unknown. */
  readonly position: Position | null;
}

/** A wearer's alert state: the open alerts and the pause set by a resolving guardian. */
export interface AlertState {
  readonly open: readonly OpenAlert[];
  /** Automatic alerts are held until then (epoch ms); null when not paused. */
  readonly pausedUntilMs: number | null;
  /**
   * Types a person closed (the wearer's close command, a guardian's or operator's resolve) within the
   * last {@link HOLD_MAX_MS}, whose condition has not returned to normal since: type → when it was
   * closed, epoch ms. Missing: none. See {@link HELD_UNTIL_CLEARED} and {@link HELD_FOR_A_THRESHOLD}.
   */
  readonly held?: ReadonlyMap<AlertType, number>;
}

/**
 * Alerts of a reading that a person's close holds until a reading returns to normal (past the type's
 * clearing band, clearingBands.ts; a charger for the batteries; clear of every zone's edge for the
 * geofence): a battery at 14 % after the wearer closed BATTERY_LOW raises nothing, and neither does
 * the next fix outside the zone a guardian resolved; the next time the condition begins raises it
 * again. Alarm management's rule that an acknowledged alarm re-triggers only after it returned to
 * normal; without it every reading re-opened the alert and notified the contacts again at once.
 */
export const HELD_UNTIL_CLEARED: ReadonlySet<AlertType> = new Set([
  'BATTERY_LOW',
  'BATTERY_CRITICAL',
  'OXYGEN_BATTERY_LOW',
  'OXYGEN_BATTERY_CRITICAL',
  'RESPIRATORY_BATTERY_LOW',
  'RESPIRATORY_BATTERY_CRITICAL',
  'TEMPERATURE_BATTERY_LOW',
  'TEMPERATURE_BATTERY_CRITICAL',
  'TEMPERATURE_HIGH',
  'TEMPERATURE_LOW',
  'OXYGEN_LOW',
  'RESPIRATORY_HIGH',
  'RESPIRATORY_LOW',
  'GEOFENCE',
]);

/**
 * Alerts of elapsed time (timeRules.ts) that a person's close holds for one more threshold: NOT_WORN
 * closed by the wearer while the watch is still off opens again only when the threshold has passed
 * again since the close, not at the next sweep a minute later.
 */
export const HELD_FOR_A_THRESHOLD: ReadonlySet<AlertType> = new Set([
  'NO_DATA',
  'NO_GPS',
  'NO_MOTION',
  'NOT_WORN',
]);

/** How long a person's close holds a type at most, ms (the expiry of an automatic alert, 24 h). */
export const HOLD_MAX_MS = 24 * 60 * 60 * 1000;

/** When `type` was closed by a person and is still held in `state`, epoch ms; null when not held. */
export function heldSince(state: AlertState, type: AlertType): number | null {
  return state.held?.get(type) ?? null;
}

/**
 * One thing the engine observed, at device time `timeMs` (epoch ms):
 * - `HELP`: the wearer asked for help — ASSISTANCE (SOS / assistance button) or MANUAL (manual
 *   emergency);
 * - `FALL` with the body position after it; `BATTERY` with its charge percent; `CHARGING`;
 * - `VITALS`: temperature °C, SpO₂ %, breaths and heart beats per minute (null: not measured);
 * - `NOT_WORN`: the device reports it was taken off (the time rules raise NOT_WORN later);
 * - `TRACKING_STOP`; `CLOSE_ALERTS`: the wearer cancelled the alerts on the device;
 * - `SENSOR_BATTERY`: the charge percent of one of the device's vital sensors (oxygen, respiration,
 *   temperature);
 * - `NO_RESPONSE`: the wearer did not answer the device's own are-you-OK prompt;
 * - `CHECK_IN_MISSED`: a check-in the device expected (its schedule) did not come; `CHECK_IN`: the
 *   wearer checked in;
 * - `POSITION`: the newest fix (geofence, GPS back, moving again);
 * - `DATA`: the device sent anything (data back).
 */
export type Observation =
  | { readonly kind: 'HELP'; readonly timeMs: number; readonly type: 'ASSISTANCE' | 'MANUAL' }
  | { readonly kind: 'FALL'; readonly timeMs: number; readonly bodyPosition: BodyPosition }
  | { readonly kind: 'BATTERY'; readonly timeMs: number; readonly percent: number }
  | { readonly kind: 'CHARGING'; readonly timeMs: number }
  | {
      readonly kind: 'VITALS';
      readonly timeMs: number;
      readonly temperatureC: number | null;
      readonly oxygenPct: number | null;
      readonly respirationBpm: number | null;
      readonly heartRateBpm: number | null;
    }
  | { readonly kind: 'NOT_WORN'; readonly timeMs: number }
  | { readonly kind: 'TRACKING_STOP'; readonly timeMs: number }
  | { readonly kind: 'CLOSE_ALERTS'; readonly timeMs: number }
  | {
      readonly kind: 'SENSOR_BATTERY';
      readonly timeMs: number;
      readonly sensor: VitalSensor;
      readonly percent: number;
    }
  | { readonly kind: 'NO_RESPONSE'; readonly timeMs: number }
  | { readonly kind: 'CHECK_IN_MISSED'; readonly timeMs: number }
  | { readonly kind: 'CHECK_IN'; readonly timeMs: number }
  | {
      readonly kind: 'POSITION';
      readonly timeMs: number;
      readonly position: Position;
      /** The fix's horizontal accuracy, m; null when the device did not send one. */
      readonly haccM: number | null;
    }
  | { readonly kind: 'DATA'; readonly timeMs: number };

/** A vital sensor with its own battery (app §3 "oxygen/respiratory/temperature battery"). */
export type VitalSensor = 'OXYGEN' | 'RESPIRATORY' | 'TEMPERATURE';

/** Who ended an alert the engine closes: the system, or the wearer from the device. */
export type CloserActor = 'SYSTEM' | 'WEARER';

/**
 * What the rules decided, at `timeMs` (epoch ms):
 * - `OPEN` an alert of `type` with its `severity`, the measured `value` (in the configuration's units,
 *   null when none), the body position of a fall, and the wearer's `position` when known;
 * - `CLOSE` the open alert of `type` for `reason` (app §3 closure reasons), by `by`;
 * - `REARM` a type a person's close held ({@link HELD_UNTIL_CLEARED}): its condition returned to
 *   normal, so its next onset raises it again.
 */
export type Decision =
  | {
      readonly kind: 'OPEN';
      readonly type: AlertType;
      readonly severity: Severity;
      readonly timeMs: number;
      readonly value: number | null;
      readonly bodyPosition: BodyPosition | null;
      readonly position: Position | null;
    }
  | {
      readonly kind: 'CLOSE';
      readonly type: AlertType;
      readonly reason: AlertClosureReason;
      readonly timeMs: number;
      readonly by: CloserActor;
    }
  | { readonly kind: 'REARM'; readonly type: AlertType; readonly timeMs: number };

/** What the rules read besides the state: the wearer's configurations, zones, and the server clock. */
export interface RuleContext {
  readonly configs: AlertConfigMap;
  readonly zones: readonly ZoneShape[];
  /** Server clock, epoch ms (pauses are real time). */
  readonly nowMs: number;
  /** The wearer's last known position before the observations, null when unknown. */
  readonly lastPosition: Position | null;
}

/** Alert types the wearer raises by hand: never held by a pause, never expired, closed by a person. */
export const WEARER_RAISED: ReadonlySet<AlertType> = new Set(['ASSISTANCE', 'MANUAL']);

/**
 * Alert types a pause never holds (policy §4 "pause all the wearer's alerts"; docs/decisions.md "What
 * a pause holds"): the wearer's own help requests, and NO_RESPONSE — the watch asked the wearer
 * whether they are all right (after a fall, or on a care schedule) and got no answer, the one
 * automatic verdict that says the wearer may be unable to ask for help. A pause is set by a guardian
 * who resolved an alert and does not want to hear of that trouble again for a while; it must not
 * silence a wearer who has since collapsed.
 */
export const PAUSE_EXEMPT: ReadonlySet<AlertType> = new Set([...WEARER_RAISED, 'NO_RESPONSE']);

/** Emergency types: told to the contacts who share emergency alerts, routed to rescue services. */
export const EMERGENCY_TYPES: ReadonlySet<AlertType> = new Set(['ASSISTANCE', 'MANUAL', 'FALL']);

/**
 * Applies decisions to a state: opened alerts join `open`, closed ones leave it; a close by the wearer
 * holds its type (`held`), a rearm ends the hold.
 */
export function applyDecisions(state: AlertState, decisions: readonly Decision[]): AlertState {
  let open = [...state.open];
  let held = state.held;
  for (const decision of decisions) {
    if (decision.kind === 'REARM') {
      if (held?.has(decision.type)) {
        const next = new Map(held);
        next.delete(decision.type);
        held = next;
      }
    } else if (decision.kind === 'CLOSE') {
      open = open.filter((alert) => alert.type !== decision.type);
      if (decision.by === 'WEARER') held = new Map(held).set(decision.type, decision.timeMs);
    } else if (!open.some((alert) => alert.type === decision.type)) {
      open.push({
        type: decision.type,
        severity: decision.severity,
        openedMs: decision.timeMs,
        position: decision.position,
      });
    }
  }
  return held === state.held ? { ...state, open } : { ...state, open, held };
}
