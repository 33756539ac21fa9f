import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  isLandCellId,
  LAND_CELL_GRID,
  landCellBounds,
  landCellKey,
  landCellSizeDeg,
  type DegreeBox,
  type LandCell,
  type LandCellId,
} from '../../src/api/basemap';
import { loadCoastline } from './coastline';
import { decodeRing } from './polyline';

/** A ring of the extract: interleaved `[lon, lat, …]` degrees, open (the last point ≠ the first). */
interface Ring {
  readonly coords: Float64Array;
  readonly box: DegreeBox;
}

/** A land polygon of the extract: outer ring first, then holes. */
interface Polygon {
  readonly rings: readonly Ring[];
  readonly box: DegreeBox;
}

/** The extract's polygons and a 1° grid of the polygons whose box touches each grid square. */
interface PolygonIndex {
  readonly polygons: readonly Polygon[];
  readonly grid: ReadonlyMap<number, readonly number[]>;
}

/** A cell ready to send: its JSON, gzip-compressed too, and a strong validator. */
export interface LandCellBody {
  readonly json: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

/** How many answered cells are kept (a few KB each; a monitor of 100 wearers needs tens). */
const CACHE_MAX = 1_024;

let index: PolygonIndex | undefined;
const cache = new Map<string, LandCellBody>();

function boxOf(coords: Float64Array): DegreeBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < coords.length; i += 2) {
    const lon = coords[i] ?? 0;
    const lat = coords[i + 1] ?? 0;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return { west, south, east, north };
}

const overlaps = (a: DegreeBox, b: DegreeBox) =>
  a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;

const gridKey = (latCell: number, lonCell: number) => latCell * 1_000 + lonCell;

/** Decodes the extract's polygons once (≈ 355k points, under a second) and indexes them. */
function polygonIndex(): PolygonIndex {
  if (index) return index;
  const polygons: Polygon[] = [];
  const grid = new Map<number, number[]>();
  for (const tier of loadCoastline().extract.tiers) {
    for (const country of tier.countries) {
      for (const encoded of country.polygons) {
        const rings = encoded.split(' ').map((text): Ring => {
          const coords = Float64Array.from(decodeRing(text).flat());
          return { coords, box: boxOf(coords) };
        });
        const outer = rings[0];
        if (!outer) continue;
        const id = polygons.push({ rings, box: outer.box }) - 1;
        for (let i = Math.floor(outer.box.south); i <= Math.floor(outer.box.north); i++) {
          for (let j = Math.floor(outer.box.west); j <= Math.floor(outer.box.east); j++) {
            const key = gridKey(i, j);
            const list = grid.get(key);
            if (list) list.push(id);
            else grid.set(key, [id]);
          }
        }
      }
    }
  }
  index = { polygons, grid };
  return index;
}

/** The polygons whose box overlaps `box`. */
function polygonsIn(box: DegreeBox): Polygon[] {
  const { polygons, grid } = polygonIndex();
  const ids = new Set<number>();
  for (let i = Math.floor(box.south); i <= Math.floor(box.north); i++) {
    for (let j = Math.floor(box.west); j <= Math.floor(box.east); j++) {
      for (const id of grid.get(gridKey(i, j)) ?? []) ids.add(id);
    }
  }
  return [...ids].map((id) => polygons[id] as Polygon).filter((p) => overlaps(p.box, box));
}

/**
 * Sutherland–Hodgman: the closed ring `coords` (interleaved degrees) cut to `box`, as interleaved
 * degrees. A ring leaving and re-entering the box comes back as one ring with zero-width runs along
 * the box's edge: exact for a fill.
 */
export function clipRingToBox(coords: ArrayLike<number>, box: DegreeBox): number[] {
  let points = Array.from(coords);
  const edges: ((lon: number, lat: number) => number)[] = [
    (lon) => lon - box.west,
    (lon) => box.east - lon,
    (_lon, lat) => lat - box.south,
    (_lon, lat) => box.north - lat,
  ];
  for (const inside of edges) {
    if (points.length < 6) return [];
    const out: number[] = [];
    const n = points.length / 2;
    let px = points[2 * n - 2] ?? 0;
    let py = points[2 * n - 1] ?? 0;
    let pd = inside(px, py);
    for (let i = 0; i < n; i++) {
      const x = points[2 * i] ?? 0;
      const y = points[2 * i + 1] ?? 0;
      const d = inside(x, y);
      if (d >= 0 !== pd >= 0) {
        const t = pd / (pd - d);
        out.push(px + (x - px) * t, py + (y - py) * t);
      }
      if (d >= 0) out.push(x, y);
      px = x;
      py = y;
      pd = d;
    }
    points = out;
  }
  return points.length >= 6 ? points : [];
}

/**
 * The parts of the closed ring `coords` inside `box` as open polylines (interleaved degrees),
 * Liang–Barsky per segment; consecutive inside segments join into one polyline.
 */
export function clipRingLines(coords: ArrayLike<number>, box: DegreeBox): number[][] {
  const lines: number[][] = [];
  let current: number[] | null = null;
  const n = coords.length / 2;
  for (let i = 0; i < n; i++) {
    const x0 = coords[2 * i] ?? 0;
    const y0 = coords[2 * i + 1] ?? 0;
    const x1 = coords[(2 * i + 2) % (2 * n)] ?? 0;
    const y1 = coords[(2 * i + 3) % (2 * n)] ?? 0;
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, x0 - box.west],
      [dx, box.east - x0],
      [-dy, y0 - box.south],
      [dy, box.north - y0],
    ] as const) {
      if (p === 0) {
        if (q < 0) visible = false;
        continue;
      }
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
    if (!visible || t0 > t1) {
      current = null;
      continue;
    }
    if (current === null || t0 > 0) {
      current = [x0 + dx * t0, y0 + dy * t0];
      lines.push(current);
    }
    current.push(x0 + dx * t1, y0 + dy * t1);
    if (t1 < 1) current = null;
  }
  return lines;
}

/**
 * Interleaved degrees → grid points of the cell (south-west corner `box`, `step` degrees per grid
 * step), consecutive repeats dropped; a closed ring also drops a last point equal to its first.
 */
function toGrid(
  coords: readonly number[],
  box: DegreeBox,
  step: number,
  closed: boolean,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < coords.length; i += 2) {
    const gx = Math.round(((coords[i] ?? 0) - box.west) / step);
    const gy = Math.round(((coords[i + 1] ?? 0) - box.south) / step);
    if (out.length > 0 && out[out.length - 2] === gx && out[out.length - 1] === gy) continue;
    out.push(gx, gy);
  }
  if (closed && out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out.at(-1)) {
    out.length -= 2;
  }
  return out;
}

/** Twice the signed area of a flat ring of grid points: positive when counter-clockwise (y north). */
function signedArea2(ring: readonly number[]): number {
  let sum = 0;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    sum +=
      ((ring[2 * j] ?? 0) - (ring[2 * i] ?? 0)) * ((ring[2 * j + 1] ?? 0) + (ring[2 * i + 1] ?? 0));
  }
  return sum;
}

/** `ring` (flat grid points) turned counter-clockwise when `ccw`, clockwise otherwise, in place. */
function orient(ring: number[], ccw: boolean): number[] {
  if (signedArea2(ring) > 0 === ccw) return ring;
  const n = ring.length / 2;
  for (let i = 0; i < n / 2; i++) {
    const j = n - 1 - i;
    [ring[2 * i], ring[2 * j]] = [ring[2 * j] ?? 0, ring[2 * i] ?? 0];
    [ring[2 * i + 1], ring[2 * j + 1]] = [ring[2 * j + 1] ?? 0, ring[2 * i + 1] ?? 0];
  }
  return ring;
}

/**
 * The land and coastline of one cell (src/api/basemap.ts `LandCell`): every land polygon cut a grid
 * step beyond the cell, every ring's outline cut at the cell's edges, both on the cell's grid.
 * Outer rings run counter-clockwise and holes clockwise (x east, y north), so a nonzero fill draws
 * overlapping polygons (an enclave and the country around it) as their union. Rings shrinking below 3
 * grid points or to no area (or polylines below 2) are dropped.
 * @throws {RangeError} when `id` names no cell
 */
export function buildLandCell(id: LandCellId): LandCell {
  if (!isLandCellId(id)) throw new RangeError(`No land cell ${landCellKey(id)}`);
  const box = landCellBounds(id);
  const step = landCellSizeDeg(id.level) / LAND_CELL_GRID;
  const fillBox: DegreeBox = {
    west: box.west - step,
    south: box.south - step,
    east: box.east + step,
    north: box.north + step,
  };
  const land: number[][][] = [];
  const coast: number[][] = [];
  for (const polygon of polygonsIn(fillBox)) {
    const rings: number[][] = [];
    // The outer ring overlaps (polygonsIn): a hole away from the cell is skipped.
    for (const [i, ring] of polygon.rings.entries()) {
      if (!overlaps(ring.box, fillBox)) continue;
      const cut = toGrid(clipRingToBox(ring.coords, fillBox), box, step, true);
      if (cut.length >= 6 && signedArea2(cut) !== 0) rings.push(orient(cut, i === 0));
      else if (i === 0) break;
      for (const line of clipRingLines(ring.coords, box)) {
        const points = toGrid(line, box, step, false);
        if (points.length >= 4) coast.push(points);
      }
    }
    if (rings.length > 0) land.push(rings);
  }
  return { level: id.level, x: id.x, y: id.y, grid: LAND_CELL_GRID, land, coast };
}

/**
 * {@link buildLandCell} as the route sends it, kept for the process (the {@link CACHE_MAX} most
 * recently asked cells): the same cell costs one cut however many cards and operators ask for it.
 * @throws {RangeError} when `id` names no cell
 */
export function landCellBody(id: LandCellId): LandCellBody {
  const key = landCellKey(id);
  const cached = cache.get(key);
  if (cached) {
    // Map order is insertion order: moving the entry to the end makes the first one the oldest.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const json = Buffer.from(JSON.stringify(buildLandCell(id)));
  const body: LandCellBody = {
    json,
    gzip: gzipSync(json, { level: 6 }),
    etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"`,
  };
  cache.set(key, body);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return body;
}
