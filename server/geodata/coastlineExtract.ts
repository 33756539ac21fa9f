import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** ISO 3166-1 alpha-2 country code as the extract holds it (Kosovo as the user-assigned `XK`). */
const Alpha2 = z.string().regex(/^[A-Z]{2}$/);

/**
 * One accuracy tier of the extract: the land of `countries` inside the tier's area, simplified so
 * every source vertex lies within `toleranceM` metres of the kept outline; islands smaller than
 * `minIslandKm2` km² dropped. Each polygon is its rings as encoded polylines (outer ring first)
 * joined by single spaces (scripts/geodata/build-coastline-extract.mjs).
 */
export const CoastlineTier = z.object({
  name: z.string(),
  toleranceM: z.number().positive(),
  minIslandKm2: z.number().nonnegative(),
  countries: z.array(
    z.object({ code: Alpha2, a3: z.string(), polygons: z.array(z.string().min(1)) }),
  ),
});
export type CoastlineTier = z.infer<typeof CoastlineTier>;

/**
 * The committed coastline extract, server/geodata/coastline-extract.json (docs/rescue-coverage.md):
 * OSM-derived land polygons by country in three disjoint tiers (detail, europe, world), and each
 * partner country's coverage outline for display as encoded-polyline outer rings.
 */
export const CoastlineExtract = z.object({
  format: z.literal('lifeline-coastline-extract/1'),
  source: z.object({
    package: z.string(),
    version: z.string(),
    licence: z.string(),
    attribution: z.string(),
  }),
  tiers: z.array(CoastlineTier).min(1),
  coverageOutlines: z.record(Alpha2, z.array(z.string().min(1))),
});
export type CoastlineExtract = z.infer<typeof CoastlineExtract>;

/**
 * Where the extract is: next to this module when run from source (tsx, vitest), and in
 * `dist/server/geodata/` next to the bundle `dist/server/main.js` (scripts/build-server.mjs copies it).
 */
const EXTRACT_LOCATIONS = [
  new URL('./coastline-extract.json', import.meta.url),
  new URL('./geodata/coastline-extract.json', import.meta.url),
];

/**
 * Reads and validates the extract from the first of {@link EXTRACT_LOCATIONS} that exists
 * (synchronously: about 2 MB, read once per process by server/geodata/coastline.ts).
 * @throws {Error} when no location holds the file, or when its content does not match
 *   {@link CoastlineExtract}
 */
export function readCoastlineExtract(): CoastlineExtract {
  for (const url of EXTRACT_LOCATIONS) {
    let text: string;
    try {
      text = readFileSync(url, 'utf8');
    } catch {
      continue;
    }
    return CoastlineExtract.parse(JSON.parse(text));
  }
  throw new Error(
    `Coastline extract not found at ${EXTRACT_LOCATIONS.map((u) => u.pathname).join(' or ')}`,
  );
}
