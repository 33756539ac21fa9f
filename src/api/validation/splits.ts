import { requiredNumberInRange } from './number';

/** Shortest distance split, in kilometres (application-behaviour §5 "Splits distance"). */
export const SPLITS_DISTANCE_MIN_KM = 0.1;
/** Longest distance split, in kilometres (application-behaviour §5 "Splits distance"). */
export const SPLITS_DISTANCE_MAX_KM = 100;
/** Shortest time split, in minutes (application-behaviour §5 "Splits time"). */
export const SPLITS_TIME_MIN_MINUTES = 1;
/** Longest time split, in minutes (application-behaviour §5 "Splits time"). */
export const SPLITS_TIME_MAX_MINUTES = 60;

/**
 * The length of a distance split, in kilometres (application-behaviour §5 "Splits distance"; split type
 * DISTANCE_KM): required, numeric, at most 100, at least 0.1. Accepts a number or a numeric string
 * (`'0,5'` too) and parses to a number. Messages: `Validations.Required` (also for 0),
 * `Validations.InvalidNumber`, `Validations.Max` `{ max: 100 }`, `Validations.Min` `{ min: 0.1 }`.
 */
export const SplitsDistance = requiredNumberInRange(SPLITS_DISTANCE_MIN_KM, SPLITS_DISTANCE_MAX_KM);

/**
 * The length of a time split, in minutes (application-behaviour §5 "Splits time"; split type
 * TIME_MINUTES): required, numeric, at most 60, at least 1; fractions allowed. Accepts a number or a
 * numeric string and parses to a number. Messages: `Validations.Required` (also for 0),
 * `Validations.InvalidNumber`, `Validations.Max` `{ max: 60 }`, `Validations.Min` `{ min: 1 }`.
 */
export const SplitsTime = requiredNumberInRange(SPLITS_TIME_MIN_MINUTES, SPLITS_TIME_MAX_MINUTES);
