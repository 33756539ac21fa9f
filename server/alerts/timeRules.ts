import { NO_MOTION_RADIUS_M } from './alertRules';
import { isTrustedFix, withinMovement } from './fixAccuracy';
import { closeIf, openIf, thresholdOf } from './ruleDecisions';
import type { AlertType } from '../../src/api/enums';
import {
  applyDecisions,
  EMERGENCY_TYPES,
  HELD_FOR_A_THRESHOLD,
  heldSince,
  type AlertState,
  type Decision,
  type Position,
  type RuleContext,
} from './alertState';

/*
 * The alert rules of elapsed time (issue 5 item 3; app §9 "No motion, no GPS and no data: 3600 s …
 * Not worn 3600 s with secondary 900 s"), evaluated by the periodic sweep (alertSweep.ts) at server
 * time `context.nowMs`. Pure.
 *
 * They apply while the device's own tracking session is open — it reported TRACKING_START and no
 * TRACKING_STOP since. Phone apps that send fixes without tracking events have no such session: they
 * stop by going quiet, so silence from them is not a sign of trouble.
 * - NO_DATA: nothing from the device for the threshold (s);
 * - NO_GPS: the device keeps reporting, but no fix for the threshold since the later of its newest
 *   fix and the session's start;
 * - NO_MOTION: every fix of the last threshold seconds within 50 m of the newest, fixes cover the
 *   whole window, and at least one lies inside it (the device still reports: silence is NO_DATA);
 *   fixes too inaccurate to trust are left out, and each distance allows for both fixes' accuracy
 *   (fixAccuracy.ts);
 * - NOT_WORN: reported taken off and not worn again for the threshold — the secondary threshold
 *   (900 s) while a tracking session is open (out on an activity), the primary (3600 s) otherwise;
 * - EXPIRED: an alert a person need not resolve (not a help request or a fall) still open 24 hours
 *   after it was raised is closed.
 */

/** How long an automatic alert stays open at most, ms (closure reason EXPIRED). */
export const ALERT_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A fix as the time rules see it: device time (epoch ms), position and accuracy (m, null unknown). */
export interface TimedFix {
  readonly timeMs: number;
  readonly position: Position;
  readonly haccM: number | null;
}

/**
 * What the sweep knows of one device, times in epoch ms on the device's clock (the rules compare them
 * with the server's now less `clockLagMs`).
 */
export interface DeviceClock {
  /**
   * The device's clock lag, ms: the server's clock minus the device's at its newest report, delivery
   * delay included (server/telemetry/deviceLag.ts; docs/decisions.md "Whose clock"). 0 when unknown.
   */
  readonly clockLagMs: number;
  /** Start of the open tracking session, null when none (no TRACKING_START since the last stop). */
  readonly trackingSinceMs: number | null;
  /** Newest fix or event of the device, null before any. */
  readonly lastItemMs: number | null;
  /** Newest fix, null before any. */
  readonly lastFixMs: number | null;
  /**
   * The fixes from (now − the NO_MOTION threshold) on, plus the newest one before that window (so
   * the window is known to be covered), in time order.
   */
  readonly recentFixes: readonly TimedFix[];
  /** Last NOT_WORN report not followed by signs of wearing, null when worn. */
  readonly notWornSinceMs: number | null;
}

/**
 * Whether a person's close holds `type` (one of {@link HELD_FOR_A_THRESHOLD}) at `nowMs` (epoch
 * ms): it was closed less than its threshold (s) ago, so the condition has not lasted a whole
 * threshold since. NOT_WORN closed by the wearer with the watch still off opens again an hour later,
 * not at the next sweep.
 */
function heldOff(state: AlertState, type: AlertType, nowMs: number, thresholdS: number | null) {
  if (!HELD_FOR_A_THRESHOLD.has(type)) return false;
  const since = heldSince(state, type);
  return since !== null && thresholdS !== null && nowMs - since < thresholdS * 1000;
}

function silentFor(nowMs: number, sinceMs: number | null, thresholdS: number | null): boolean {
  return sinceMs !== null && thresholdS !== null && nowMs - sinceMs >= thresholdS * 1000;
}

function noMotion(device: DeviceClock, nowMs: number, thresholdS: number | null): boolean {
  if (thresholdS === null) return false;
  const windowStart = nowMs - thresholdS * 1000;
  const fixes = device.recentFixes;
  const newest = fixes[fixes.length - 1];
  const first = fixes[0];
  if (!newest || !first || first.timeMs > windowStart || newest.timeMs <= windowStart) return false;
  if (device.trackingSinceMs === null || device.trackingSinceMs > windowStart) return false;
  // Inaccurate fixes neither prove nor disprove motion (fixAccuracy.ts); one trusted fix at least
  // must lie inside the window, and every trusted one within 50 m of the newest beyond both accuracies.
  const trusted = fixes.filter((fix) => isTrustedFix(fix.haccM));
  const anchor = trusted[trusted.length - 1];
  if (!anchor || anchor.timeMs <= windowStart) return false;
  return trusted.every((fix) => withinMovement(fix, anchor, NO_MOTION_RADIUS_M));
}

/**
 * The decisions of elapsed time for one device of the wearer at `context.nowMs` (server clock). The
 * device's times are compared with now on its own clock (`nowMs − device.clockLagMs`), and the
 * alerts they open are dated on it too, like the alerts of the device's own events (an SOS at its
 * device time), so the engine finds the activity and position of that moment; expiry (24 h after
 * an alert's device-time opening) is read on the device's clock too. `state` is the wearer's alert state. Opened alerts carry the device's newest
 * position (`context.lastPosition`).
 */
export function evaluateTime(
  state: AlertState,
  device: DeviceClock,
  context: RuleContext,
): readonly Decision[] {
  const { nowMs } = context;
  const deviceNowMs = nowMs - device.clockLagMs;
  const decisions: Decision[] = [];
  const add = (made: readonly Decision[]) => {
    decisions.push(...made);
    state = applyDecisions(state, made);
  };
  for (const alert of state.open) {
    // Its opening time is on the device's clock (like every alert's): 24 h on the same clock.
    if (!EMERGENCY_TYPES.has(alert.type) && deviceNowMs - alert.openedMs >= ALERT_EXPIRY_MS) {
      add(closeIf(state, alert.type, 'EXPIRED', deviceNowMs));
    }
  }
  if (device.trackingSinceMs !== null) {
    const at = (sinceMs: number | null) => ({
      timeMs: deviceNowMs,
      value: sinceMs === null ? null : Math.round((deviceNowMs - sinceMs) / 1000),
    });
    const noDataFor = thresholdOf(context, 'NO_DATA');
    if (silentFor(deviceNowMs, device.lastItemMs, noDataFor)) {
      if (!heldOff(state, 'NO_DATA', deviceNowMs, noDataFor)) {
        add(openIf(state, context, 'NO_DATA', at(device.lastItemMs)));
      }
    } else {
      // Without a fix since the session began, its start counts: a fix from an earlier session
      // (yesterday's) says nothing of this one, whose GPS may still be starting.
      const lastFixOrStartMs = Math.max(device.lastFixMs ?? -Infinity, device.trackingSinceMs);
      const noGpsFor = thresholdOf(context, 'NO_GPS');
      if (
        silentFor(deviceNowMs, lastFixOrStartMs, noGpsFor) &&
        !heldOff(state, 'NO_GPS', deviceNowMs, noGpsFor)
      ) {
        add(openIf(state, context, 'NO_GPS', at(lastFixOrStartMs)));
      }
    }
    const stillFor = thresholdOf(context, 'NO_MOTION');
    if (
      noMotion(device, deviceNowMs, stillFor) &&
      !heldOff(state, 'NO_MOTION', deviceNowMs, stillFor)
    ) {
      add(openIf(state, context, 'NO_MOTION', { timeMs: deviceNowMs, value: stillFor }));
    }
  }
  const config = context.configs.get('NOT_WORN');
  const notWornLimit =
    device.trackingSinceMs !== null
      ? (config?.SecondaryThresholdValue ?? config?.ThresholdValue ?? null)
      : (config?.ThresholdValue ?? null);
  if (
    silentFor(deviceNowMs, device.notWornSinceMs, notWornLimit) &&
    !heldOff(state, 'NOT_WORN', deviceNowMs, notWornLimit)
  ) {
    add(
      openIf(state, context, 'NOT_WORN', {
        timeMs: deviceNowMs,
        value: Math.round((deviceNowMs - (device.notWornSinceMs ?? deviceNowMs)) / 1000),
      }),
    );
  }
  return decisions;
}
