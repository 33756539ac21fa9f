import type { Geography } from '../geodata/coastline';

/**
 * Territorial sea, 12 nautical miles of 1.852 km (UNCLOS art. 3), in km: how far out to sea a partner
 * rescue organisation's coverage reaches from its country's coast (docs/rescue-coverage.md).
 */
export const TERRITORIAL_SEA_KM = 22.224;

/** Countries with a partner rescue organisation (policy-and-vocabulary.md §1). */
export const PARTNER_COUNTRY_CODES = ['DE', 'DK', 'NL', 'NO'] as const;
export type PartnerCountryCode = (typeof PARTNER_COUNTRY_CODES)[number];

/** Codes of the partner rescue organisations, `RESCUE_` plus the country code. */
export type RescueOrgCode = `RESCUE_${PartnerCountryCode}`;

/**
 * A partner rescue organisation (policy §1; app §3 "Rescue org"). Its coverage region is the land of
 * `countryCode` (the European territory under that ISO code: not Svalbard SJ, the Faroes FO,
 * Greenland GL or the Caribbean parts of the Kingdom of the Netherlands) plus the sea within
 * `coverageSeaKm` km of that land. The names are neutral descriptions, not real organisations.
 */
export interface RescueOrganisation {
  readonly code: RescueOrgCode;
  readonly name: string;
  readonly countryCode: PartnerCountryCode;
  /** How far the coverage reaches out to sea from the country's land, km. */
  readonly coverageSeaKm: number;
}

const partner = (countryCode: PartnerCountryCode, country: string): RescueOrganisation => ({
  code: `RESCUE_${countryCode}`,
  name: `Rescue partner ${country}`,
  countryCode,
  coverageSeaKm: TERRITORIAL_SEA_KM,
});

/** The partner rescue organisations, one per partner country, in code order. */
export const RESCUE_ORGANISATIONS: readonly RescueOrganisation[] = [
  partner('DE', 'Germany'),
  partner('DK', 'Denmark'),
  partner('NL', 'Netherlands'),
  partner('NO', 'Norway'),
];

/** The partner organisation of a country (ISO 3166-1 alpha-2), or null when it has none. */
export function rescueOrgOfCountry(countryCode: string | null): RescueOrganisation | null {
  return RESCUE_ORGANISATIONS.find((org) => org.countryCode === countryCode) ?? null;
}

/** The partner organisation with this code (e.g. `RESCUE_NO`), or null when there is none. */
export function rescueOrgByCode(code: string): RescueOrganisation | null {
  return RESCUE_ORGANISATIONS.find((org) => org.code === code) ?? null;
}

/**
 * The organisations covering a position on the land of `countryCode` (ISO 3166-1 alpha-2): that
 * country's partner, or none for a non-partner country — even right next to a partner's border.
 */
export function organisationsCoveringLand(countryCode: string): RescueOrganisation[] {
  const org = rescueOrgOfCountry(countryCode);
  return org ? [org] : [];
}

/**
 * The organisations covering a position on water (WGS 84 degrees), nearest first: every partner whose
 * land is within its `coverageSeaKm`. Where two coverages meet (Flensburg Fjord, the Ems estuary) both
 * are told, a duplicate alert being cheaper than a missed one.
 * @throws {RangeError} for a latitude outside [-90, 90] or a longitude outside [-180, 180]
 */
export function organisationsCoveringSea(
  position: { readonly lat: number; readonly lon: number },
  geography: Geography,
): RescueOrganisation[] {
  const { lat, lon } = position;
  return RESCUE_ORGANISATIONS.map((org) => ({
    org,
    km: geography.distanceToCountryKm(lat, lon, org.countryCode, org.coverageSeaKm),
  }))
    .filter(({ org, km }) => km <= org.coverageSeaKm)
    .sort((a, b) => a.km - b.km)
    .map(({ org }) => org);
}

/**
 * The organisations whose coverage region holds the position (WGS 84 degrees): on land
 * {@link organisationsCoveringLand}, on water {@link organisationsCoveringSea}.
 * @throws {RangeError} for a latitude outside [-90, 90] or a longitude outside [-180, 180]
 */
export function organisationsCovering(
  position: { readonly lat: number; readonly lon: number },
  geography: Geography,
): RescueOrganisation[] {
  const land = geography.countryAt(position.lat, position.lon);
  return land === null
    ? organisationsCoveringSea(position, geography)
    : organisationsCoveringLand(land);
}
