import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAND_CELL_GRID,
  LandCell,
  landCellAt,
  landCellBounds,
  landCellPath,
  landCellSizeDeg,
  type LandCellId,
} from '../../../../src/api/basemap';
import { isOnLand } from '../../../../server/geodata/coastline';
import { buildLandCell, clipRingLines, clipRingToBox } from '../../../../server/geodata/landCells';
import { basemapRoutes } from '../../../../server/routes/basemap';
import { lysefjordPaddleFixes, PLACES } from '../../../fixtures/geo/places';

/** Whether the grid point (x, y) is inside `rings` (even-odd, as the card map fills a polygon). */
function inside(rings: readonly (readonly number[])[], x: number, y: number): boolean {
  let odd = false;
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[2 * i] ?? 0;
      const yi = ring[2 * i + 1] ?? 0;
      const xj = ring[2 * j] ?? 0;
      const yj = ring[2 * j + 1] ?? 0;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/** The signed area of a flat ring of grid points (shoelace): positive when counter-clockwise. */
function signedArea(ring: readonly number[]): number {
  let sum = 0;
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum +=
      (ring[2 * i] ?? 0) * (ring[2 * j + 1] ?? 0) - (ring[2 * j] ?? 0) * (ring[2 * i + 1] ?? 0);
  }
  return sum / 2;
}

/** Whether the cell draws land at a position (degrees). */
function cellShowsLand(cell: LandCell, lon: number, lat: number): boolean {
  const box = landCellBounds(cell);
  const step = landCellSizeDeg(cell.level) / LAND_CELL_GRID;
  const x = (lon - box.west) / step;
  const y = (lat - box.south) / step;
  return cell.land.some((polygon) => inside(polygon, x, y));
}

describe('land cells (server/geodata/landCells.ts)', () => {
  it('cuts a ring to a box (Sutherland–Hodgman) and its outline into the lines inside', () => {
    const box = { west: 0, south: 0, east: 10, north: 10 };
    // A square from (5, 5) to (15, 15): its quarter inside the box.
    const square = [5, 5, 15, 5, 15, 15, 5, 15];
    expect(clipRingToBox(square, box)).toEqual([5, 10, 5, 5, 10, 5, 10, 10]);
    expect(clipRingToBox([20, 20, 30, 20, 30, 30], box)).toEqual([]);
    // Its outline inside: the two edges from (10, 5) round (5, 5) to (5, 10), as one line.
    expect(clipRingLines(square, box)).toEqual([
      [5, 5, 10, 5],
      [5, 10, 5, 5],
    ]);
  });

  it('draws the real Lysefjord paddle on water and Oslo on land, as the coastline says', () => {
    for (const level of [4, 8, 11]) {
      for (const fix of lysefjordPaddleFixes()) {
        const cell = buildLandCell(landCellAt(level, fix.lon, fix.lat));
        expect(cellShowsLand(cell, fix.lon, fix.lat)).toBe(isOnLand(fix.lat, fix.lon));
      }
    }
    for (const level of [0, 6, 10]) {
      const { lon, lat } = PLACES.oslo;
      expect(cellShowsLand(buildLandCell(landCellAt(level, lon, lat)), lon, lat)).toBe(true);
      const sea = PLACES.northSeaOffshore;
      const cell = buildLandCell(landCellAt(level, sea.lon, sea.lat));
      expect(cellShowsLand(cell, sea.lon, sea.lat)).toBe(false);
    }
  });

  it('keeps every coast point inside the cell and every land point within a grid step of it', () => {
    const fix = lysefjordPaddleFixes()[30] ?? { lon: 6.2, lat: 59 };
    const cell = buildLandCell(landCellAt(2, fix.lon, fix.lat));
    expect(cell.coast.length).toBeGreaterThan(0);
    for (const line of cell.coast) {
      expect(line.length).toBeGreaterThanOrEqual(4);
      expect(Math.min(...line)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...line)).toBeLessThanOrEqual(LAND_CELL_GRID);
    }
    for (const polygon of cell.land) {
      for (const [i, ring] of polygon.entries()) {
        expect(ring.length).toBeGreaterThanOrEqual(6);
        expect(Math.min(...ring)).toBeGreaterThanOrEqual(-1);
        expect(Math.max(...ring)).toBeLessThanOrEqual(LAND_CELL_GRID + 1);
        // Outer rings counter-clockwise, holes clockwise: a nonzero fill is the land.
        expect(Math.sign(signedArea(ring))).toBe(i === 0 ? 1 : -1);
      }
    }
  });

  it('throws for an id naming no cell', () => {
    expect(() => buildLandCell({ level: 15, x: 0, y: 0 })).toThrow(RangeError);
    expect(() => buildLandCell({ level: 0, x: 360, y: 0 })).toThrow(RangeError);
  });
});

describe('GET /basemap/land-cells/{level}/{x}/{y}.json', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(basemapRoutes);
  });
  afterAll(() => app.close());

  const oslo: LandCellId = landCellAt(6, PLACES.oslo.lon, PLACES.oslo.lat);

  it('answers the cell by the contract, with a strong ETag (304 on a match) and a day of caching', async () => {
    const res = await app.inject({ url: landCellPath(oslo) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const cell = LandCell.parse(res.json());
    expect({ level: cell.level, x: cell.x, y: cell.y }).toEqual(oslo);
    const etag = String(res.headers.etag);
    const again = await app.inject({ url: landCellPath(oslo), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const zipped = await app.inject({
      url: landCellPath(oslo),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    '/basemap/land-cells/15/0/0.json',
    '/basemap/land-cells/-3/0/0.json',
    '/basemap/land-cells/0/360/0.json',
    '/basemap/land-cells/0/0/180.json',
    '/basemap/land-cells/0/0/0',
    '/basemap/land-cells/a/0/0.json',
    '/basemap/land-cells/0/1.5/0.json',
  ])('answers 400 REQUEST_INVALID for %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});
