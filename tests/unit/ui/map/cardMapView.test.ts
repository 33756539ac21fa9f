import { describe, expect, it } from 'vitest';
import { LAND_CELL_GRID, landCellBounds } from '../../../../src/api/basemap';
import {
  CARD_MAP_HEIGHT,
  CARD_MAP_WIDTH,
  CARD_VIEW_LEVEL_MAX,
  CARD_VIEW_LEVEL_MIN,
  cardView,
  cardViewBounds,
  cellTransform,
  landCellsForView,
  projectToCard,
  recentSpan,
  trackPointsAttribute,
  type CardView,
  type TrackSpan,
} from '../../../../src/ui/map/cardMapView';

/** A track span over `[lon, lat]` points, all of them. */
function span(points: readonly (readonly [number, number])[]): TrackSpan {
  return { positions: Float64Array.from(points.flat()), start: 0, end: points.length };
}

/** The 1:1 matrix of an SVG `matrix(a 0 0 d e f)` transform applied to (x, y). */
function applyMatrix(transform: string, x: number, y: number): [number, number] {
  const [a = 0, , , d = 0, e = 0, f = 0] =
    /matrix\(([^)]*)\)/.exec(transform)?.[1]?.split(' ').map(Number) ?? [];
  return [a * x + e, d * y + f];
}

// One fix at 60° N 10° E: cos 60° = 0.5, so a degree of longitude is half a degree of latitude wide.
const H8 = 2 ** -8; // the closest view's height, degrees of latitude
const W8 = (H8 * 16) / 9; // its width in degrees of latitude (= 1/144)
const single = cardView(span([[10, 60]])) as CardView;

describe('cardView: the view around a recent track', () => {
  it('centres a single fix in the closest view, 2^-8° tall and 16:9 after the cos(lat) scale', () => {
    expect(single.level).toBe(CARD_VIEW_LEVEL_MAX);
    expect(single.cosLat).toBeCloseTo(0.5, 12);
    expect(single.north).toBeCloseTo(60 + H8 / 2, 12);
    expect(single.west).toBeCloseTo(10 - W8, 12); // half the width, in longitude: (W8 / 2) / 0.5
    const box = cardViewBounds(single);
    expect(box.south).toBeCloseTo(60 - H8 / 2, 12);
    expect(box.east).toBeCloseTo(10 + W8, 12);
  });

  it('projects known coordinates to known SVG user units (x east, y south)', () => {
    const [cx, cy] = projectToCard(single, 10, 60);
    expect(cx).toBeCloseTo(CARD_MAP_WIDTH / 2, 9);
    expect(cy).toBeCloseTo(CARD_MAP_HEIGHT / 2, 9);
    // 0.001° east at cos 60° is 0.0005 scaled degrees: 0.0005 / (1/144) × 240 = 17.28 units right;
    // 0.001° north is 0.001 / (1/256) × 135 = 34.56 units up.
    const [x, y] = projectToCard(single, 10.001, 60.001);
    expect(x).toBeCloseTo(120 + 17.28, 9);
    expect(y).toBeCloseTo(67.5 - 34.56, 9);
    const [nwX, nwY] = projectToCard(single, single.west, single.north);
    expect([nwX, nwY]).toEqual([0, 0]);
  });

  it('zooms out by powers of two until the track fits with an eighth of the view around it', () => {
    // 0.01° of latitude does not fit 2^-6° (0.0156°) with its margins on the quarter grid; 2^-5° does.
    const view = cardView(
      span([
        [10, 60],
        [10, 60.01],
      ]),
    ) as CardView;
    expect(view.level).toBe(5);
    // Its south edge on the quarter grid (2^-7°) nearest to centring the track: 59.9921875°.
    expect(view.north).toBeCloseTo(59.9921875 + 2 ** -5, 12);
    const [, top] = projectToCard(view, 10, 60.01);
    const [, bottom] = projectToCard(view, 10, 60);
    expect(top).toBeGreaterThanOrEqual(CARD_MAP_HEIGHT / 8);
    expect(bottom).toBeLessThanOrEqual((CARD_MAP_HEIGHT * 7) / 8);
  });

  it('keeps the same view while the wearer moves inside it, and moves by a quarter when they leave', () => {
    const start = cardView(span([[10, 60]]));
    expect(
      cardView(
        span([
          [10, 60],
          [10.0005, 60.0002],
        ]),
      ),
    ).toEqual(start);
    const moved = cardView(span([[10.02, 60]])) as CardView;
    expect(moved.level).toBe(CARD_VIEW_LEVEL_MAX);
    expect(moved.west).not.toBeCloseTo(single.west, 6);
    // The view's corner stays on the quarter grid: a whole number of quarter widths from 0°.
    const quarters = (moved.west * moved.cosLat) / (W8 / 4);
    expect(quarters).toBeCloseTo(Math.round(quarters), 6);
  });

  it('centres the widest view on the newest fix when the track is wider still', () => {
    const view = cardView(
      span([
        [0, 50],
        [20, 50],
      ]),
    ) as CardView;
    expect(view.level).toBe(CARD_VIEW_LEVEL_MIN);
    const [x] = projectToCard(view, 20, 50);
    expect(Math.abs(x - CARD_MAP_WIDTH / 2)).toBeLessThanOrEqual(CARD_MAP_WIDTH / 8);
  });

  it('has no view without points', () => {
    expect(cardView({ positions: new Float64Array(0), start: 0, end: 0 })).toBeNull();
  });
});

describe('recentSpan', () => {
  it('starts and settles on whole steps, so a new fix in the same step moves neither', () => {
    const minute = 60_000;
    // A fix every 10 s from 0 to 20:50.
    const time = Float64Array.from({ length: 126 }, (_, i) => i * 10_000);
    const positions = new Float64Array(2 * 126);
    const span = recentSpan(time, positions, 126, 15 * minute, minute);
    // Newest fix at 20:50, its minute 20:00: from 5:00 (index 30), settled at 19:50 (index 119).
    expect(span).toMatchObject({ start: 30, settled: 119, end: 126 });
    expect(recentSpan(time, positions, 125, 15 * minute, minute)).toMatchObject({
      start: 30,
      settled: 119,
    });
    expect(recentSpan(time, positions, 0, 15 * minute, minute)).toMatchObject({ start: 0, end: 0 });
  });
});

describe('trackPointsAttribute', () => {
  it('lists points in integer tenths of user units, skipping those under a unit from the last kept, but never the newest', () => {
    const track = span([
      [10, 60],
      [10.00001, 60], // 0.17 units east of the first: skipped
      [10.001, 60.001],
      [10.00101, 60.001], // the newest: kept
    ]);
    expect(trackPointsAttribute(single, track)).toBe('1200,675 1373,329 1375,329');
  });
});

describe('landCellsForView', () => {
  it('covers the view with cells of the smallest power of two at least the view’s span', () => {
    // The view spans 1/144° of longitude / 0.5 = 0.0139° > 2^-7: cells of 2^-6° (0.0156°), 2 × 2.
    const cells = landCellsForView(single);
    expect(cells).toEqual([
      { level: 6, x: 12159, y: 9599 },
      { level: 6, x: 12160, y: 9599 },
      { level: 6, x: 12159, y: 9600 },
      { level: 6, x: 12160, y: 9600 },
    ]);
    const box = cardViewBounds(single);
    const first = landCellBounds(cells[0] ?? { level: 6, x: 0, y: 0 });
    const last = landCellBounds(cells[3] ?? { level: 6, x: 0, y: 0 });
    expect(first.west).toBeLessThanOrEqual(box.west);
    expect(first.south).toBeLessThanOrEqual(box.south);
    expect(last.east).toBeGreaterThanOrEqual(box.east);
    expect(last.north).toBeGreaterThanOrEqual(box.north);
  });

  it('maps a cell’s grid onto the view: its corners land where their coordinates project', () => {
    const cell = { level: 6, x: 12159, y: 9599 };
    const box = landCellBounds(cell);
    const transform = cellTransform(single, cell, LAND_CELL_GRID);
    const sw = applyMatrix(transform, 0, 0);
    const ne = applyMatrix(transform, LAND_CELL_GRID, LAND_CELL_GRID);
    const swExpected = projectToCard(single, box.west, box.south);
    const neExpected = projectToCard(single, box.east, box.north);
    expect(sw[0]).toBeCloseTo(swExpected[0], 6);
    expect(sw[1]).toBeCloseTo(swExpected[1], 6);
    expect(ne[0]).toBeCloseTo(neExpected[0], 6);
    expect(ne[1]).toBeCloseTo(neExpected[1], 6);
  });
});
