import { readCoastlineExtract, type CoastlineExtract } from './coastlineExtract';
import { buildLandIndex, type LandIndex } from './landIndex';
import { decodeRing, type LonLat } from './polyline';

/** The loaded extract and its index; built on first use, then kept for the process. */
interface Coastline {
  readonly extract: CoastlineExtract;
  readonly index: LandIndex;
}

let loaded: Coastline | undefined;

/**
 * The coastline extract (server/geodata/coastline-extract.json), read, validated and indexed on the
 * first call (about 2 MB, a few hundred ms, synchronous) and cached for the process.
 * @throws {Error} when the extract is missing or malformed (server/geodata/coastlineExtract.ts)
 */
export function loadCoastline(): Coastline {
  if (!loaded) {
    const extract = readCoastlineExtract();
    loaded = { extract, index: buildLandIndex(extract) };
  }
  return loaded;
}

function checkPosition(lat: number, lon: number): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) {
    throw new RangeError(`Latitude ${lat} is outside [-90, 90] degrees`);
  }
  if (!Number.isFinite(lon) || lon < -180 || lon > 180) {
    throw new RangeError(`Longitude ${lon} is outside [-180, 180] degrees`);
  }
}

/**
 * Whether a WGS 84 position (degrees) is on land: inside a land polygon of the extract. Lakes and
 * rivers inside a country's outline count as land; the sea, fjords and harbours the OSM coastline
 * leaves out do not (policy §1 "on-water alert"; docs/rescue-coverage.md). Accurate to 20 m within
 * 50 km of DE, DK, NL and NO, 300 m elsewhere in Europe, 5 km in the rest of the world.
 * @throws {RangeError} when lat is outside [-90, 90] or lon outside [-180, 180]
 */
export function isOnLand(lat: number, lon: number): boolean {
  checkPosition(lat, lon);
  return loadCoastline().index.polygonsAt(lat, lon).length > 0;
}

/**
 * The ISO 3166-1 alpha-2 code of the country whose land holds the position (degrees), or null on
 * water. Where outlines overlap (an enclave inside its neighbour's outline) the smallest polygon wins;
 * an overseas territory has its own code (Svalbard SJ, Åland AX, Bonaire BQ), not its sovereign's.
 * @throws {RangeError} when lat is outside [-90, 90] or lon outside [-180, 180]
 */
export function countryAt(lat: number, lon: number): string | null {
  checkPosition(lat, lon);
  return loadCoastline().index.polygonsAt(lat, lon)[0]?.countryCode ?? null;
}

/**
 * Great-circle distance in km (Earth radius 6372.8 km) from the position (degrees) to the nearest land
 * of the country with ISO 3166-1 alpha-2 `countryCode`; 0 on that country's land. With `cutoffKm`
 * the answer is `Infinity` whenever the land is farther than that (a cheaper search).
 * @throws {RangeError} for a position out of range, or a country with no land in the extract
 */
export function distanceToCountryKm(
  lat: number,
  lon: number,
  countryCode: string,
  cutoffKm?: number,
): number {
  checkPosition(lat, lon);
  return loadCoastline().index.distanceToCountryKm(lat, lon, countryCode, cutoffKm);
}

/**
 * The display outline of a partner country's rescue coverage (its land plus 22.224 km of sea, other
 * countries' land cut out, simplified to 5 km; built by scripts/geodata/build-coastline-extract.mjs)
 * as closed rings of `[lon, lat]` degrees, largest first; empty for a country without an outline.
 */
export function coverageOutlineRings(countryCode: string): LonLat[][] {
  return (loadCoastline().extract.coverageOutlines[countryCode] ?? []).map(decodeRing);
}

/**
 * The place questions rescue routing asks (server/alerts/rescueOrganisations.ts), so the routing
 * stays a pure function of its inputs; {@link coastlineGeography} answers them from the extract.
 */
export interface Geography {
  /** As {@link countryAt}: ISO 3166-1 alpha-2 code of the land at the position, null on water. */
  countryAt(lat: number, lon: number): string | null;
  /** As {@link distanceToCountryKm}: km to the country's land, `Infinity` beyond `cutoffKm`. */
  distanceToCountryKm(lat: number, lon: number, countryCode: string, cutoffKm?: number): number;
}

/** {@link Geography} from the committed coastline extract. */
export const coastlineGeography: Geography = { countryAt, distanceToCountryKm };

/** The extract's data source and its attribution line, as ODbL 1.0 requires it be shown. */
export function coastlineSource(): CoastlineExtract['source'] {
  return loadCoastline().extract.source;
}
