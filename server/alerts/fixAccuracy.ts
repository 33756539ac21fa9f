import { haversineMeters } from '../../src/api/geo/haversine';
import { STATS_MAX_HACC_M } from '../telemetry/activityStats';
import type { Position } from './alertState';

/*
 * How the position rules weigh a fix's accuracy (issue 5 item 3; docs/decisions.md "Fix accuracy in
 * the position rules"). A fix carries its horizontal accuracy `Hacc`, the radius in metres within
 * which the true position probably lies. The geofence and no-motion rules compare positions with
 * distances of tens of metres, which an inaccurate fix (a phone's network location, hundreds of
 * metres; GPS under a cliff) cannot support: it would put a wearer sitting still outside a zone (the
 * contacts texted for nothing) or make a wearer lying still look as if moving (no NO_MOTION alert
 * for someone who may be unconscious). So:
 * - a fix too inaccurate to trust — the stats' own rule, Hacc above {@link STATS_MAX_HACC_M} — neither
 *   opens nor closes a geofence alert, and neither proves nor disproves motion;
 * - two trusted fixes count as the same place when they lie within the no-motion radius plus both
 *   accuracies: the scatter of a still wearer's fixes is not movement.
 * A fix without an accuracy is taken as exact.
 */

/** A position with its accuracy radius, m (null: unknown, taken as exact). */
export interface MeasuredPosition {
  readonly position: Position;
  readonly haccM: number | null;
}

/** Whether a fix of accuracy `haccM` (m, null unknown) is precise enough for the position rules. */
export function isTrustedFix(haccM: number | null): boolean {
  return haccM === null || haccM <= STATS_MAX_HACC_M;
}

/**
 * Whether `a` and `b` can be the same place for a wearer who moved at most `radiusM` (m): their
 * distance (haversine, m) is at most `radiusM` plus both accuracies.
 */
export function withinMovement(a: MeasuredPosition, b: MeasuredPosition, radiusM: number): boolean {
  return haversineMeters(a.position, b.position) <= radiusM + (a.haccM ?? 0) + (b.haccM ?? 0);
}
