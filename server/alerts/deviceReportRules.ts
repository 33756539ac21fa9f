import type { AlertType } from '../../src/api/enums';
import type { VitalSensor } from './alertState';
import { batteryDecisions, closeIf, openIf, renewOrOpen, type Rule } from './ruleDecisions';

/*
 * The alerts a device reports outright rather than the server inferring them (issue 5 item 3; app §3
 * alert types "oxygen/respiratory/temperature battery low and very low", No Response, CheckInMissed,
 * check-in states Missing / CheckedIn). A watch with vital sensors reports each sensor's charge; the
 * watch's own are-you-OK prompt (after a fall, or on its care schedule) and its check-in schedule run
 * on the device, which reports the outcome. See docs/decisions.md "Alerts the device reports".
 */

/** The low and critical alert types of each sensor's battery. */
const SENSOR_BATTERY_TYPES: Readonly<Record<VitalSensor, readonly [AlertType, AlertType]>> = {
  OXYGEN: ['OXYGEN_BATTERY_LOW', 'OXYGEN_BATTERY_CRITICAL'],
  RESPIRATORY: ['RESPIRATORY_BATTERY_LOW', 'RESPIRATORY_BATTERY_CRITICAL'],
  TEMPERATURE: ['TEMPERATURE_BATTERY_LOW', 'TEMPERATURE_BATTERY_CRITICAL'],
};

/** A sensor's battery: the device battery's rule on that sensor's own alert types. */
const sensorBattery: Rule = (state, observation, context) => {
  if (observation.kind !== 'SENSOR_BATTERY') return [];
  const [low, critical] = SENSOR_BATTERY_TYPES[observation.sensor];
  return batteryDecisions(state, context, observation, low, critical);
};

/**
 * No response: opens NO_RESPONSE; a person resolves it, or the wearer with the close command (and
 * like every automatic alert it expires after 24 h). Another one reported 30 min or more after an
 * unresolved one is a new alert (`renewOrOpen`), not swallowed for the rest of the day.
 */
const noResponse: Rule = (state, observation, context) =>
  observation.kind === 'NO_RESPONSE' ? renewOrOpen(state, context, 'NO_RESPONSE', observation) : [];

/** Check-in: a missed one opens CHECK_IN_MISSED; checking in closes it as METRIC (state CheckedIn). */
const checkIn: Rule = (state, observation, context) => {
  if (observation.kind === 'CHECK_IN_MISSED') {
    return openIf(state, context, 'CHECK_IN_MISSED', observation);
  }
  if (observation.kind === 'CHECK_IN') {
    return closeIf(state, 'CHECK_IN_MISSED', 'METRIC', observation.timeMs, 'WEARER');
  }
  return [];
};

/** The rules of device-reported alerts, in the order alertRules.ts runs them. */
export const DEVICE_REPORT_RULES: readonly Rule[] = [sensorBattery, noResponse, checkIn];
