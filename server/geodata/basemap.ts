import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { loadCoastline } from './coastline';
import { decodeRing, type LonLat } from './polyline';

/**
 * Decimal places kept per tier: about a tenth of the tier's simplification tolerance (detail 20 m →
 * 1e-5° ≈ 1 m, europe 300 m → 1e-4° ≈ 11 m, world 5 km → 1e-3° ≈ 110 m), which shrinks the file
 * without moving a coastline visibly.
 */
const DECIMALS: Readonly<Record<string, number>> = { detail: 5, europe: 4, world: 3 };

function rounded(ring: LonLat[], decimals: number): LonLat[] {
  const factor = 10 ** decimals;
  return ring.map(([lon, lat]) => [
    Math.round(lon * factor) / factor,
    Math.round(lat * factor) / factor,
  ]);
}

/**
 * The offline basemap's land layer (issue 7 item 1; docs/basemap.md): one GeoJSON Feature per
 * country and accuracy tier, a MultiPolygon of `[lon, lat]` degree rings (outer ring first), with
 * properties `{ code: ISO alpha-2, tier: 'detail' | 'europe' | 'world' }`. The sea is the map's
 * background. Data © OpenStreetMap contributors, ODbL 1.0 (server/geodata/ATTRIBUTION.md).
 */
export interface BasemapLand {
  /** The FeatureCollection as UTF-8 JSON. */
  readonly json: Buffer;
  /** The same bytes gzip-compressed (about a third of the size). */
  readonly gzip: Buffer;
  /** A strong validator of the content: a quoted SHA-256 prefix. */
  readonly etag: string;
  /** The attribution the map must show with it. */
  readonly attribution: string;
}

let built: BasemapLand | undefined;

/**
 * Builds the land FeatureCollection from the committed coastline extract on first call and keeps it
 * for the process (a few hundred ms once; the extract is read through {@link loadCoastline}).
 * @throws {Error} when the extract is missing or malformed
 */
export function basemapLand(): BasemapLand {
  if (built) return built;
  const { extract } = loadCoastline();
  const features = extract.tiers.flatMap((tier) =>
    tier.countries.map((country) => ({
      type: 'Feature' as const,
      properties: { code: country.code, tier: tier.name },
      geometry: {
        type: 'MultiPolygon' as const,
        coordinates: country.polygons.map((polygon) =>
          polygon.split(' ').map((ring) => rounded(decodeRing(ring), DECIMALS[tier.name] ?? 5)),
        ),
      },
    })),
  );
  const json = Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      attribution: extract.source.attribution,
      licence: extract.source.licence,
      features,
    }),
  );
  built = {
    json,
    gzip: gzipSync(json, { level: 6 }),
    etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"`,
    attribution: extract.source.attribution,
  };
  return built;
}
