import {
  LAND_CELL_LEVEL_MAX,
  LAND_CELL_LEVEL_MIN,
  landCellAt,
  landCellBounds,
  landCellSizeDeg,
  type DegreeBox,
  type LandCellId,
} from '../../api/basemap';

/*
 * The projection of the monitor's card maps (docs/monitor.md "Card maps"): an SVG of a fixed size
 * (CARD_MAP_WIDTH × CARD_MAP_HEIGHT user units, 16:9) around a wearer's recent track, equirectangular
 * with longitudes scaled by cos(latitude). Pure functions, no DOM: the view chosen for a track, where
 * a position lands in it, which land cells cover it, and how a cell's grid maps onto it.
 */

/** The card map's width in SVG user units (CSS pixels at its nominal size). */
export const CARD_MAP_WIDTH = 240;
/** The card map's height in SVG user units: 16:9. */
export const CARD_MAP_HEIGHT = 135;
/** The closest view: 2^-8° ≈ 430 m of latitude tall (a still wearer and the shore near them). */
export const CARD_VIEW_LEVEL_MAX = 8;
/** The widest view: 2^2 = 4° of latitude tall. A track wider than that is centred on its end. */
export const CARD_VIEW_LEVEL_MIN = -2;
/** How many land cells a view may ask for (at most 2 × 2 at the levels chosen; more only far north). */
const LAND_CELLS_MAX = 6;

const RAD = Math.PI / 180;

/**
 * What a card map shows: a box `2^-level` degrees of latitude tall and 16:9 wide after longitudes are
 * scaled by `cosLat`, its north-west corner at (`west`, `north`) degrees.
 */
export interface CardView {
  readonly level: number;
  /** cos of the reference latitude (the track's end rounded to a whole degree), ≥ 0.05. */
  readonly cosLat: number;
  readonly west: number;
  readonly north: number;
}

/**
 * A track's points to draw: interleaved `[lon, lat, …]` degrees, points `start` to `end - 1`.
 * `settled` (start ≤ settled < end, default `start`) splits them for drawing: points `start` to
 * `settled` change rarely (see {@link recentSpan}) and are drawn as one line, the rest as another that
 * a new fix redraws alone.
 */
export interface TrackSpan {
  readonly positions: ArrayLike<number>;
  readonly start: number;
  readonly end: number;
  readonly settled?: number;
}

/** Height of a view of `level`, degrees of latitude. */
const heightDeg = (level: number) => 2 ** -level;
/** Width of a view of `level` in scaled degrees (longitude × cosLat). */
const widthDeg = (level: number) => (heightDeg(level) * CARD_MAP_WIDTH) / CARD_MAP_HEIGHT;

/** The first index of time-ordered `time[0, length)` (epoch ms) whose value is ≥ `from`. */
function lowerBound(time: ArrayLike<number>, length: number, from: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((time[middle] ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The recent part of a time-ordered track for a card map, in steps of `stepMs`: from the start of
 * the step `windowMs` before the newest point's step, and `settled` at the last point before the
 * newest point's step. Both move once a step (a minute), not on every fix: the long settled line is
 * drawn again once a step, only the short rest on each fix. O(log n).
 */
export function recentSpan(
  time: ArrayLike<number>,
  positions: ArrayLike<number>,
  length: number,
  windowMs: number,
  stepMs: number,
): TrackSpan {
  if (length === 0) return { positions, start: 0, end: 0, settled: 0 };
  const stepOfLast = Math.floor((time[length - 1] ?? 0) / stepMs) * stepMs;
  const start = lowerBound(time, length, stepOfLast - windowMs);
  const settled = Math.max(start, lowerBound(time, length, stepOfLast) - 1);
  return { positions, start, end: length, settled };
}

/**
 * The grid index `n` (`n · step` is the view's low edge) that keeps `[min, max]` at least `margin`
 * inside a view `size` long and centres it best; null when no grid position fits it.
 */
function snappedStart(
  min: number,
  max: number,
  size: number,
  step: number,
  margin: number,
): number | null {
  const low = Math.ceil((max + margin - size) / step);
  const high = Math.floor((min - margin) / step);
  if (low > high) return null;
  const centred = Math.round(((min + max) / 2 - size / 2) / step);
  return Math.min(high, Math.max(low, centred));
}

/**
 * The view of a track's points: the closest level (from {@link CARD_VIEW_LEVEL_MAX} out to
 * {@link CARD_VIEW_LEVEL_MIN}) at which every point lies at least an eighth of the view inside it,
 * with the view's corner snapped to a quarter of its size. So the view stays put while the wearer
 * moves within it, and moves in quarter steps or zooms by a factor of two when they leave it. A
 * track too wide for the widest view gets that view centred on its newest point. Null without points.
 */
export function cardView(track: TrackSpan): CardView | null {
  const { positions, start, end } = track;
  if (end <= start) return null;
  const lastLon = positions[2 * end - 2] ?? 0;
  const lastLat = positions[2 * end - 1] ?? 0;
  const cosLat = Math.max(0.05, Math.cos(Math.round(lastLat) * RAD));
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = start; i < end; i++) {
    const x = (positions[2 * i] ?? 0) * cosLat;
    const y = positions[2 * i + 1] ?? 0;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  for (let level = CARD_VIEW_LEVEL_MAX; level >= CARD_VIEW_LEVEL_MIN; level--) {
    const h = heightDeg(level);
    const w = widthDeg(level);
    const south = snappedStart(minY, maxY, h, h / 4, h / 8);
    const westX = snappedStart(minX, maxX, w, w / 4, w / 8);
    if (south === null || westX === null) continue;
    return { level, cosLat, west: (westX * w) / 4 / cosLat, north: (south * h) / 4 + h };
  }
  const h = heightDeg(CARD_VIEW_LEVEL_MIN);
  const w = widthDeg(CARD_VIEW_LEVEL_MIN);
  const south = (Math.round((lastLat - h / 2) / (h / 4)) * h) / 4;
  const westX = (Math.round((lastLon * cosLat - w / 2) / (w / 4)) * w) / 4;
  return { level: CARD_VIEW_LEVEL_MIN, cosLat, west: westX / cosLat, north: south + h };
}

/** Whether two views show the same box (every field by value). */
export function sameCardView(a: CardView, b: CardView): boolean {
  return a.level === b.level && a.cosLat === b.cosLat && a.west === b.west && a.north === b.north;
}

/** The box a view shows, degrees. */
export function cardViewBounds(view: CardView): DegreeBox {
  const h = heightDeg(view.level);
  return {
    west: view.west,
    south: view.north - h,
    east: view.west + widthDeg(view.level) / view.cosLat,
    north: view.north,
  };
}

/** Where a position (degrees) lands on the card map: `[x, y]` user units, x east, y south. */
export function projectToCard(view: CardView, lon: number, lat: number): [number, number] {
  return [
    ((lon - view.west) * view.cosLat * CARD_MAP_WIDTH) / widthDeg(view.level),
    ((view.north - lat) * CARD_MAP_HEIGHT) / heightDeg(view.level),
  ];
}

/** Tenths of a user unit per user unit in {@link trackPointsAttribute}'s integer points. */
export const TRACK_POINTS_SCALE = 10;

/**
 * A track's points as an SVG `points` list in integer TENTHS of user units (`"x,y x,y …"`; draw it
 * with `transform="scale(0.1)"`), skipping a point closer than `minStep` user units to the last one
 * kept; the newest point is always kept, so the line ends at the position marker. Integers: turning
 * them to text is several times cheaper than `toFixed`, and a card redraws its track on every fix.
 */
export function trackPointsAttribute(view: CardView, track: TrackSpan, minStep = 1): string {
  const xPerDeg = (view.cosLat * CARD_MAP_WIDTH) / widthDeg(view.level);
  const yPerDeg = CARD_MAP_HEIGHT / heightDeg(view.level);
  let points = '';
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  for (let i = track.start; i < track.end; i++) {
    const x = ((track.positions[2 * i] ?? 0) - view.west) * xPerDeg;
    const y = (view.north - (track.positions[2 * i + 1] ?? 0)) * yPerDeg;
    const newest = i === track.end - 1;
    if (!newest && Math.abs(x - lastX) < minStep && Math.abs(y - lastY) < minStep) continue;
    const pair = `${Math.round(x * TRACK_POINTS_SCALE)},${Math.round(y * TRACK_POINTS_SCALE)}`;
    points = points === '' ? pair : `${points} ${pair}`;
    lastX = x;
    lastY = y;
  }
  return points;
}

/**
 * The land cells that cover a view (src/api/basemap.ts), from west to east and south to north: the
 * level whose side is the smallest power of two at least as large as the view's width and height in
 * degrees, so at most 2 × 2 cells, each drawn at most about twice the card's size (its 512-step grid
 * stays under a user unit). Empty when the view would need more than {@link LAND_CELLS_MAX} cells.
 */
export function landCellsForView(view: CardView): LandCellId[] {
  const box = cardViewBounds(view);
  const span = Math.max(box.north - box.south, box.east - box.west);
  const level = Math.min(
    LAND_CELL_LEVEL_MAX,
    Math.max(LAND_CELL_LEVEL_MIN, Math.floor(-Math.log2(span))),
  );
  const sw = landCellAt(level, box.west, box.south);
  const ne = landCellAt(level, box.east, box.north);
  const count = (ne.x - sw.x + 1) * (ne.y - sw.y + 1);
  if (count > LAND_CELLS_MAX) return [];
  const cells: LandCellId[] = [];
  for (let y = sw.y; y <= ne.y; y++) {
    for (let x = sw.x; x <= ne.x; x++) cells.push({ level, x, y });
  }
  return cells;
}

/**
 * The SVG `transform` that draws a cell's grid points (x east, y north, {@link LandCell} `grid` steps
 * per side) in the view's user units: `matrix(a 0 0 d e f)`, d negative (y turns south).
 */
export function cellTransform(view: CardView, cell: LandCellId, grid: number): string {
  const { west, south } = landCellBounds(cell);
  const step = landCellSizeDeg(cell.level) / grid;
  const xPerDeg = (view.cosLat * CARD_MAP_WIDTH) / widthDeg(view.level);
  const yPerDeg = CARD_MAP_HEIGHT / heightDeg(view.level);
  const a = step * xPerDeg;
  const d = -step * yPerDeg;
  const e = (west - view.west) * xPerDeg;
  const f = (view.north - south) * yPerDeg;
  return `matrix(${a} 0 0 ${d} ${e} ${f})`;
}
