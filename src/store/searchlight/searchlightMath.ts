import { haversineMeters, type LatLon } from '../../api/geo/haversine';
import { roundCoordinate } from '../../streams/geolocation';

/*
 * The searchlight's geometry (issue 8 item 5; spec application-behaviour §4 Searchlight, §9 "Location
 * and searchlight"): pure functions of positions in WGS 84 degrees on a sphere of radius 6372.8 km.
 * Angles are degrees clockwise from true north in [0, 360) unless stated.
 */

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Width of one cardinal direction's sector, degrees (§9 "Cardinal directions use 22.5 degree sectors"). */
export const CARDINAL_SECTOR_DEGREES = 22.5;

/** The 16 points of the compass, clockwise from north; the index times 22.5 is the sector's centre. */
export const CARDINAL_DIRECTIONS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;

/** One of the 16 {@link CARDINAL_DIRECTIONS} (translated as `Searchlight.Cardinal.<code>`). */
export type CardinalDirection = (typeof CARDINAL_DIRECTIONS)[number];

/** Step headings are rounded to, degrees (§9 "Heading … rounded to 0.2 degrees"). */
export const HEADING_STEP_DEGREES = 0.2;

/**
 * A compass heading is taken when it differs from the last one taken by more than this, degrees
 * (§9 "changes over 10 degrees are accepted").
 */
export const HEADING_CHANGE_MIN_DEGREES = 10;

/** Reported accuracies above this (m, the 95 % radius) are too poor to use (§9 "over 1,000,000"). */
export const MAX_ACCURACY_M = 1_000_000;

/**
 * Two own positions closer than this, m, give no heading from movement (design choice; the spec
 * gives none). Coordinates are rounded to 5 decimals (≈ 1.1 m), so at walking pace (≈ 1.4 m/s, one
 * position per 8 s ≈ 11 m) one step of rounding turns a bearing by about 6°: 10 m keeps rounding
 * noise well inside the 22.5° sector. The fixes' own accuracy raises the bar (see
 * {@link movementHeading}).
 */
export const MOVEMENT_HEADING_MIN_DISTANCE_M = 10;

/** Positions closer than this, m, coincide: there is no bearing between them (1 mm). */
export const COINCIDENT_DISTANCE_M = 0.001;

/** Great-circle distance, m, between two positions (the shared haversine, R = 6372.8 km; §9). */
export function distanceMeters(from: LatLon, to: LatLon): number {
  return haversineMeters(from, to);
}

/**
 * Initial great-circle bearing from `from` to `to`, degrees clockwise from true north in [0, 360)
 * (the direction to set off in). Null when the two coincide (under {@link COINCIDENT_DISTANCE_M}),
 * where no direction exists. Crossing the antimeridian takes the short way. From a pole the bearing
 * is measured against the meridian of `from.lon` (from the North Pole at lon 0, every target on the
 * meridian 0 lies at 180).
 */
export function bearingDegrees(from: LatLon, to: LatLon): number | null {
  if (distanceMeters(from, to) < COINCIDENT_DISTANCE_M) return null;
  const phi1 = from.lat * RADIANS_PER_DEGREE;
  const phi2 = to.lat * RADIANS_PER_DEGREE;
  const dLambda = (to.lon - from.lon) * RADIANS_PER_DEGREE;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  return normalizeDegrees(Math.atan2(y, x) / RADIANS_PER_DEGREE);
}

/**
 * `degrees` in [0, 360), never -0 and never 360 (a tiny negative plus 360 rounds to 360). Angles
 * already in range come back unchanged (bit for bit: 45.6 stays 45.6).
 */
export function normalizeDegrees(degrees: number): number {
  const remainder = degrees % 360;
  const normalized = remainder < 0 ? remainder + 360 : remainder;
  return normalized === 0 || normalized === 360 ? 0 : normalized;
}

/**
 * The cardinal direction of `bearing` (degrees, any real; normalised first): 16 sectors of
 * {@link CARDINAL_SECTOR_DEGREES}, each centred on its point, so N covers [348.75, 11.25). A bearing
 * exactly on a boundary belongs to the sector clockwise of it (11.25 → NNE, 348.75 → N).
 */
export function cardinalDirection(bearing: number): CardinalDirection {
  const shifted = normalizeDegrees(bearing + CARDINAL_SECTOR_DEGREES / 2);
  const index = Math.floor(shifted / CARDINAL_SECTOR_DEGREES) % CARDINAL_DIRECTIONS.length;
  return CARDINAL_DIRECTIONS[index] ?? 'N';
}

/** A position with its coordinates rounded to 5 decimals (§9 "Coordinates are rounded to 5 decimals"). */
export function roundPosition(position: LatLon): LatLon {
  return { lat: roundCoordinate(position.lat), lon: roundCoordinate(position.lon) };
}

/** `heading` (degrees) rounded to {@link HEADING_STEP_DEGREES} and normalised to [0, 360) (§9). */
export function roundHeading(heading: number): number {
  const steps = 1 / HEADING_STEP_DEGREES;
  return normalizeDegrees(Math.round(normalizeDegrees(heading) * steps) / steps);
}

/** The smaller angle between two headings, degrees in [0, 180] (355 and 5 are 10 apart). */
export function headingDifference(a: number, b: number): number {
  const difference = normalizeDegrees(a - b);
  return difference > 180 ? 360 - difference : difference;
}

/** Floating-point slack when comparing angles, degrees (16.6 − 6.6 comes out 10.000000000000002). */
const ANGLE_EPSILON_DEGREES = 1e-9;

/**
 * Whether compass heading `next` is a change to take after `last` (null: none taken yet): it differs
 * by more than {@link HEADING_CHANGE_MIN_DEGREES} (§9 "changes over 10 degrees are accepted"). Exactly
 * 10 is not a change, whatever the floating-point error of the subtraction.
 */
export function isHeadingChange(last: number | null, next: number): boolean {
  return (
    last === null ||
    headingDifference(last, next) > HEADING_CHANGE_MIN_DEGREES + ANGLE_EPSILON_DEGREES
  );
}

/**
 * How far the arrow turns on screen, degrees clockwise in [0, 360): the bearing to the target less the
 * device's heading (the arrow points at the target whichever way the device faces). Without a
 * heading the arrow is drawn north-up: its rotation is the bearing.
 */
export function arrowRotation(bearing: number, heading: number | null): number {
  return normalizeDegrees(bearing - (heading ?? 0));
}

/** An own position with its accuracy: `lat`/`lon` degrees, `accuracy` m (95 % radius). */
export interface AccuratePosition extends LatLon {
  readonly accuracy: number;
}

/**
 * The heading from movement (§4 "Heading comes from … movement"): the bearing from an earlier own
 * position to a later one, or null when they lie too close to tell a direction: closer than
 * {@link MOVEMENT_HEADING_MIN_DISTANCE_M} or than the poorer of the two accuracies (a move inside
 * the fixes' uncertainty is noise). Rounded like a compass heading.
 */
export function movementHeading(from: AccuratePosition, to: AccuratePosition): number | null {
  const minDistance = Math.max(MOVEMENT_HEADING_MIN_DISTANCE_M, from.accuracy, to.accuracy);
  if (!(distanceMeters(from, to) >= minDistance)) return null;
  const bearing = bearingDegrees(from, to);
  return bearing === null ? null : roundHeading(bearing);
}

/**
 * Whether a reported accuracy (m) is too poor to use: over {@link MAX_ACCURACY_M} (§9), or not a
 * finite number (no accuracy at all).
 */
export function isAccuracyTooPoor(accuracyM: number): boolean {
  return !(Number.isFinite(accuracyM) && accuracyM <= MAX_ACCURACY_M);
}
