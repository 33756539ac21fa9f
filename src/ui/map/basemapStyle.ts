import type { StyleSpecification } from 'maplibre-gl';

/** The colour scheme a map is drawn in. */
export type MapTheme = 'light' | 'dark';

/** Where the server serves the offline land layer (server/routes/basemap.ts). */
export const BASEMAP_LAND_PATH = '/basemap/land.geojson';

/** The attribution the offline basemap must show (ODbL 1.0; server/geodata/ATTRIBUTION.md). */
export const BASEMAP_ATTRIBUTION =
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap contributors</a>';

/**
 * Sea, land and coastline colours per scheme: sea darker than land in both, so water reads as water.
 * The monitor's card maps (CardMap.tsx) draw in the same colours.
 */
export const BASEMAP_PALETTE: Readonly<
  Record<MapTheme, { readonly sea: string; readonly land: string; readonly coast: string }>
> = {
  light: { sea: '#b9d3e6', land: '#f4f1ea', coast: '#7a9bb3' },
  dark: { sea: '#0e1a26', land: '#26303a', coast: '#4d6b85' },
};

/**
 * The built-in offline basemap (issue 7 item 1; docs/basemap.md) as a MapLibre style: the sea as the
 * background, the land polygons of `${origin}/basemap/land.geojson` (OpenStreetMap coastline, 20 m
 * near DE/DK/NL/NO, 300 m elsewhere in Europe, 5 km in the rest of the world) filled, their outlines
 * drawn as coastline and borders. No labels (an inline style has no glyphs). The GeoJSON is fetched and
 * tiled in MapLibre's worker, so the main thread never parses it. `origin` is absolute (the worker
 * cannot resolve a relative URL), e.g. `location.origin`.
 */
export function basemapStyle(theme: MapTheme, origin: string): StyleSpecification {
  const colours = BASEMAP_PALETTE[theme];
  return {
    version: 8,
    name: `Lifeline offline ${theme}`,
    sources: {
      land: {
        type: 'geojson',
        data: new URL(BASEMAP_LAND_PATH, origin).href,
        attribution: BASEMAP_ATTRIBUTION,
        // Coastline detail up to zoom 14 (≈ 10 m per pixel), tiles simplified at 0.375 px.
        maxzoom: 14,
        tolerance: 0.375,
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': colours.coast, 'line-width': 0.8 },
      },
    ],
  };
}

/**
 * The style a map loads: the configured production style (`mapStyle` in /config.json, spec §7) when
 * set, otherwise the built-in offline basemap in `theme`.
 */
export function mapStyleFor(
  configured: string | null,
  theme: MapTheme,
  origin: string,
): string | StyleSpecification {
  return configured ?? basemapStyle(theme, origin);
}
