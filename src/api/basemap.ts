import * as z from 'zod/mini';

/*
 * Land cells: the offline basemap's land and coastline cut into square cells of whole powers of two
 * degrees, for maps too small and too many for MapLibre (the operator monitor's card maps,
 * docs/monitor.md "Card maps"). The server cuts them from the same OpenStreetMap coastline extract as
 * `/basemap/land.geojson` (server/geodata/landCells.ts); the SPA asks for the few cells a card shows.
 */

/** The coarsest cell level: cells of 2^2 = 4 degrees. */
export const LAND_CELL_LEVEL_MIN = -2;
/** The finest cell level: cells of 2^-14 degrees (about 7 m of latitude). */
export const LAND_CELL_LEVEL_MAX = 14;
/**
 * A cell's coordinates are integers on a grid of this many steps per side: a cell drawn up to about
 * this many pixels wide looks exact, and every cell's JSON stays small.
 */
export const LAND_CELL_GRID = 512;

/**
 * One cell: `level` L gives the side s = 2^-L degrees (of longitude and of latitude alike); `x` counts
 * cells eastwards from 180° W, `y` northwards from 90° S. Integers, x in [0, 360/s), y in [0, 180/s).
 */
export interface LandCellId {
  readonly level: number;
  readonly x: number;
  readonly y: number;
}

/** A box in degrees: west and east longitude, south and north latitude. */
export interface DegreeBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** The side of a cell of `level`, degrees. */
export function landCellSizeDeg(level: number): number {
  return 2 ** -level;
}

/** Whether `id` names a cell: integers, the level in range, x and y inside the world. */
export function isLandCellId(id: LandCellId): boolean {
  const { level, x, y } = id;
  if (![level, x, y].every(Number.isInteger)) return false;
  if (level < LAND_CELL_LEVEL_MIN || level > LAND_CELL_LEVEL_MAX) return false;
  const size = landCellSizeDeg(level);
  return x >= 0 && x < 360 / size && y >= 0 && y < 180 / size;
}

/** The box a cell covers, degrees. */
export function landCellBounds(id: LandCellId): DegreeBox {
  const size = landCellSizeDeg(id.level);
  const west = -180 + id.x * size;
  const south = -90 + id.y * size;
  return { west, south, east: west + size, north: south + size };
}

/** The cell of `level` holding a position (degrees; the east and north edges belong to the next). */
export function landCellAt(level: number, lon: number, lat: number): LandCellId {
  const size = landCellSizeDeg(level);
  const x = Math.min(360 / size - 1, Math.max(0, Math.floor((lon + 180) / size)));
  const y = Math.min(180 / size - 1, Math.max(0, Math.floor((lat + 90) / size)));
  return { level, x, y };
}

/** A cell's store key and URL part: `"{level}/{x}/{y}"`. */
export function landCellKey(id: LandCellId): string {
  return `${id.level}/${id.x}/${id.y}`;
}

/** The cell a {@link landCellKey} names (the key is trusted: made by landCellKey). */
export function landCellOfKey(key: string): LandCellId {
  const [level = 0, x = 0, y = 0] = key.split('/').map(Number);
  return { level, x, y };
}

/** Where the server serves a cell, relative to the web app's origin (server/routes/basemap.ts). */
export function landCellPath(id: LandCellId): string {
  return `/basemap/land-cells/${landCellKey(id)}.json`;
}

/** A flat list of grid points `[x0, y0, x1, y1, …]`, see {@link LandCell}. */
const GridPoints = z.array(z.number().check(z.int()));

/**
 * One land cell as `GET /basemap/land-cells/{level}/{x}/{y}.json` answers it. Coordinates are grid
 * points: integers on {@link LAND_CELL_GRID} steps per side from the cell's south-west corner, x
 * eastwards, y northwards (lon = west + x·s/grid, lat = south + y·s/grid), flat `[x0, y0, x1, y1, …]`.
 * - `land`: polygons (outer ring first, then holes), each ring closed implicitly, cut a grid step
 *   beyond the cell so neighbouring cells' fills overlap instead of leaving a seam; outer rings run
 *   counter-clockwise and holes clockwise, so a nonzero fill of them all is the land;
 * - `coast`: the coastline (and land borders) inside the cell as open polylines, cut exactly at the
 *   cell's edges, so no cut edge is ever drawn as coast.
 * Data © OpenStreetMap contributors, ODbL 1.0 (server/geodata/ATTRIBUTION.md).
 */
export const LandCell = z.object({
  level: z.number().check(z.int()),
  x: z.number().check(z.int()),
  y: z.number().check(z.int()),
  grid: z.literal(LAND_CELL_GRID),
  land: z.array(z.array(GridPoints)),
  coast: z.array(GridPoints),
});
export type LandCell = z.infer<typeof LandCell>;
