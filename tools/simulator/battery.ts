/** Charge of the simulated device when the simulation starts, percent. */
export const DEFAULT_BATTERY_START_PCT = 100;
/**
 * How fast the simulated battery drains, percent per hour of device time: 10 %/h empties a full
 * battery in 10 hours, so a long looping replay reaches the server's battery-low (15 %, after 8.5 h)
 * and critical (5 %, after 9.5 h) thresholds of app §9.
 */
export const DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR = 10;

const HOUR_MS = 3_600_000;

/**
 * The battery charge reported `elapsedMs` (ms of device time) after the start, whole percent: linear
 * drain from `startPct` at `drainPctPerHour`, never below 0 nor above 100.
 */
export function batteryPercent(
  elapsedMs: number,
  startPct: number,
  drainPctPerHour: number,
): number {
  const level = startPct - (drainPctPerHour * Math.max(0, elapsedMs)) / HOUR_MS;
  return Math.min(100, Math.max(0, Math.round(level)));
}
