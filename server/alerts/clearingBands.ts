import type { AlertType } from '../../src/api/enums';

/*
 * Hysteresis for the alerts of a threshold (issue 5 item 3; app §3 closure reason "metric back to
 * normal", §9 thresholds; docs/decisions.md "Clearing bands"). An alert opens when its metric crosses
 * the threshold, as the spec sets it; it closes as METRIC only once the metric is back past the
 * threshold by the type's clearing band. In between nothing changes. Without the band a reading that
 * wavers around a threshold — a battery at 15/16 %, an oximeter at 94/95 %, a body temperature of
 * 37.2/37.3 °C — would open, close and reopen the alert at every reading, and every opening sends the
 * contacts an e-mail and an SMS. The bands are about the sensors' own scatter: a phone's battery
 * gauge moves by a point or two with load, a pulse oximeter by a point from one reading to the next, a skin thermometer
 * within a few tenths of a degree, a respiration rate by a breath or two a minute.
 */

/** The clearing band of each threshold type, in the threshold's units (%, °C, breaths/min). */
const CLEARING_BANDS: Partial<Readonly<Record<AlertType, number>>> = {
  BATTERY_LOW: 5,
  BATTERY_CRITICAL: 5,
  OXYGEN_BATTERY_LOW: 5,
  OXYGEN_BATTERY_CRITICAL: 5,
  RESPIRATORY_BATTERY_LOW: 5,
  RESPIRATORY_BATTERY_CRITICAL: 5,
  TEMPERATURE_BATTERY_LOW: 5,
  TEMPERATURE_BATTERY_CRITICAL: 5,
  TEMPERATURE_HIGH: 0.3,
  TEMPERATURE_LOW: 0.3,
  OXYGEN_LOW: 1,
  RESPIRATORY_HIGH: 2,
  RESPIRATORY_LOW: 2,
};

/** The clearing band of `type` in its threshold's units; 0 for a type without one. */
export function clearingBand(type: AlertType): number {
  return CLEARING_BANDS[type] ?? 0;
}

/**
 * Whether `value` clears the alert `type` whose threshold `threshold` is crossed by going `below` it
 * (batteries, low vitals: the value must be at least threshold + band — a battery LOW of 15 % closes
 * at 20 %) or `above` it (high vitals: at most threshold − band — a TEMPERATURE_HIGH of 37.2 °C closes
 * at 36.9 °C). A type without a threshold (no longer configured) clears at any value.
 */
export function clears(
  type: AlertType,
  threshold: number | null,
  crossedBy: 'below' | 'above',
  value: number,
): boolean {
  if (threshold === null) return true;
  const band = clearingBand(type);
  // Rounded to a thousandth of a unit: 37.2 − 0.3 is 36.900000000000006 in binary.
  const bound =
    Math.round((crossedBy === 'below' ? threshold + band : threshold - band) * 1000) / 1000;
  return crossedBy === 'below' ? value >= bound : value <= bound;
}

/**
 * How far inside a SAFETY zone, or outside a DANGER zone, a fix must lie before an open GEOFENCE alert
 * closes as ZONE_SAFE, m: about the scatter of a phone's or watch's GPS fix outdoors (5–30 m), so a
 * wearer walking along a zone's edge does not open and close the alert with every fix. A zone narrower
 * than four times this uses a quarter of its width.
 */
export const GEOFENCE_CLEARING_BAND_M = 50;
