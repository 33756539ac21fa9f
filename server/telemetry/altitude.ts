import { sql, type RawBuilder } from 'kysely';

/**
 * Largest vertical accuracy, metres, at which a fix's altitude counts for its activity (spec app §9
 * "Activity altitude accuracy maximum is 10"). A fix reported with a worse one keeps its position,
 * and its altitude stays stored as sent, but the activity shows no altitude for it: the Data tab's
 * altitude chart leaves a gap and the splits' elevation skips it (docs/decisions.md "Altitude
 * accuracy"). A fix without a reported vertical accuracy (most devices) keeps its altitude.
 */
export const ALTITUDE_ACCURACY_MAX_M = 10;

/**
 * The altitude (m) an activity shows for a fix: `alt`, or null when its vertical accuracy `vacc` (m)
 * is known and over {@link ALTITUDE_ACCURACY_MAX_M}.
 */
export function trustedAltitude(alt: number | null, vacc: number | null): number | null {
  return vacc !== null && vacc > ALTITUDE_ACCURACY_MAX_M ? null : alt;
}

/**
 * {@link trustedAltitude} in SQL over a `location_points` row aliased `alias` (e.g. `p`): a float8
 * expression, null where the altitude does not count.
 */
export function trustedAltitudeSql(alias: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`(case when ${sql.ref(`${alias}.vacc`)} > ${ALTITUDE_ACCURACY_MAX_M} then null else ${sql.ref(`${alias}.alt`)} end)`;
}
