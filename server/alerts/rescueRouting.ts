import type { LatLon } from '../../src/api/geo/haversine';
import { coastlineGeography, type Geography } from '../geodata/coastline';
import {
  organisationsCoveringLand,
  organisationsCoveringSea,
  rescueOrgOfCountry,
  type RescueOrgCode,
} from './rescueOrganisations';

/**
 * Which branch of the routing policy (policy-and-vocabulary.md §1) decided an alert:
 * - `IN_COVERAGE`: the wearer is inside a partner organisation's coverage region;
 * - `ON_WATER_HOME`: an on-water alert outside every coverage, sent to the home organisation of an
 *   account registered in a partner country;
 * - `CONTACTS_ONLY`: no rescue service; only the emergency contacts are told.
 */
export type RescueRule = 'IN_COVERAGE' | 'ON_WATER_HOME' | 'CONTACTS_ONLY';

/** What the routing needs to know about an alert. */
export interface RescueRouteInput {
  /** The wearer's last known position (WGS 84 degrees), or null when it is unknown. */
  readonly location: LatLon | null;
  /** ISO 3166-1 alpha-2 country the account is registered in, or null when unknown. */
  readonly homeCountryCode: string | null;
  /**
   * Whether the wearer's current activity is done on water (kayaking, sailing …): true makes an alert
   * with unknown `location` an on-water alert, false a land alert. Ignored when `location` is known.
   */
  readonly waterActivity?: boolean;
}

/** Where an alert goes. */
export interface RescueRoute {
  /** Whether the alert is on water: from the position, else `waterActivity`; null if neither tells. */
  readonly onWater: boolean | null;
  /** Rescue organisations to alert, nearest coverage first; empty for `CONTACTS_ONLY`. */
  readonly orgs: RescueOrgCode[];
  readonly rule: RescueRule;
}

/**
 * Routes an alert by the alert and rescue routing policy (policy-and-vocabulary.md §1):
 * 1. known position inside a partner's coverage (its land, or sea within 22.224 km of it;
 *    server/alerts/rescueOrganisations.ts) → `IN_COVERAGE` with every covering organisation;
 * 2. on-water alert outside every coverage, account registered in a partner country →
 *    `ON_WATER_HOME` with that country's organisation (also when the position is unknown but the
 *    activity is on water);
 * 3. otherwise — outside coverage on land, on water with a non-partner home country, or a land alert
 *    with unknown position → `CONTACTS_ONLY`.
 * On land, "on water" is decided by the coastline extract: lakes inside a country's outline are land.
 * Pure given `geography` (defaults to the committed extract).
 * @throws {RangeError} for a latitude outside [-90, 90] or a longitude outside [-180, 180]
 */
export function rescueRoute(
  input: RescueRouteInput,
  geography: Geography = coastlineGeography,
): RescueRoute {
  const home = rescueOrgOfCountry(input.homeCountryCode);
  const { location } = input;
  let onWater: boolean | null;
  if (location) {
    const land = geography.countryAt(location.lat, location.lon);
    onWater = land === null;
    const covering =
      land === null
        ? organisationsCoveringSea(location, geography)
        : organisationsCoveringLand(land);
    if (covering.length > 0) {
      return { onWater, orgs: covering.map((org) => org.code), rule: 'IN_COVERAGE' };
    }
  } else {
    onWater = input.waterActivity ?? null;
  }
  if (onWater === true && home) return { onWater, orgs: [home.code], rule: 'ON_WATER_HOME' };
  return { onWater, orgs: [], rule: 'CONTACTS_ONLY' };
}
