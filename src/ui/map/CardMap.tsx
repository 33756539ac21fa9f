import { memo, useMemo, useState } from 'react';
import type { LandCell } from '../../api/basemap';
import { BASEMAP_PALETTE, type MapTheme } from './basemapStyle';
import './cardMap.css';
import {
  CARD_MAP_HEIGHT,
  CARD_MAP_WIDTH,
  cellTransform,
  projectToCard,
  TRACK_POINTS_SCALE,
  trackPointsAttribute,
  type CardView,
  type TrackSpan,
} from './cardMapView';

/** The wearer's colour: the brand orange the big maps use (ShareMap), readable on both schemes. */
const WEARER_COLOUR = '#ff7900';
/** An arrow pointing north, centred on its pivot, in user units (turned by the heading). */
const ARROW_PATH = 'M0 -7L5 6L0 3L-5 6Z';

/** Props of {@link CardMap}. */
export interface CardMapProps {
  /** What the map shows (cardMapView.ts `cardView` of `track`). */
  readonly view: CardView;
  /**
   * The recent track (cardMapView.ts `recentSpan`); its newest point is the current position. Points
   * `start`…`settled` are drawn as one line kept while they are unchanged, the rest as another.
   */
  readonly track: TrackSpan;
  /** Direction of travel, degrees clockwise from north; null when unknown (a dot, no arrow). */
  readonly headingDeg: number | null;
  /** The loaded land cells of `landCellsForView(view)`: missing ones leave sea until they arrive. */
  readonly land: readonly LandCell[];
  readonly theme: MapTheme;
  /** The map's accessible name. */
  readonly label: string;
}

interface CellPaths {
  readonly land: string;
  readonly coast: string;
}

/** A cell's land (nonzero fill) and coast path data in its own grid units, made once per cell. */
const cellPathCache = new WeakMap<LandCell, CellPaths>();

function pathOf(points: readonly number[], close: boolean): string {
  // After M, further pairs are implicit line-tos: the shortest path data for integer grid points.
  return `M${points.join(' ')}${close ? 'Z' : ''}`;
}

function cellPaths(cell: LandCell): CellPaths {
  let paths = cellPathCache.get(cell);
  if (!paths) {
    paths = {
      land: cell.land.flatMap((polygon) => polygon.map((ring) => pathOf(ring, true))).join(''),
      coast: cell.coast.map((line) => pathOf(line, false)).join(''),
    };
    cellPathCache.set(cell, paths);
  }
  return paths;
}

/** Props of {@link CardMapBackdrop}: what changes once a step (a minute) or when the view moves. */
interface CardMapBackdropProps {
  readonly view: CardView;
  readonly land: readonly LandCell[];
  readonly theme: MapTheme;
  /** The settled part of the track, as `trackPointsAttribute` gives it. */
  readonly settledPoints: string;
}

/** The track's line style, the settled part's and the newest part's alike. */
const TRACK_LINE = {
  className: 'll-card-map-track',
  transform: `scale(${1 / TRACK_POINTS_SCALE})`,
  vectorEffect: 'non-scaling-stroke',
  fill: 'none',
  stroke: WEARER_COLOUR,
  strokeOpacity: 0.85,
  strokeWidth: 2,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
} as const;

/**
 * What a fix does not change: the sea, the land cells with their coastline, and the settled part of
 * the track. Memoized: a fix that keeps the view renders only the newest part of the track and the
 * position marker.
 */
const CardMapBackdrop = memo(function CardMapBackdrop({
  view,
  land,
  theme,
  settledPoints,
}: CardMapBackdropProps) {
  const colours = BASEMAP_PALETTE[theme];
  return (
    <>
      <rect width={CARD_MAP_WIDTH} height={CARD_MAP_HEIGHT} fill={colours.sea} />
      {land.map((cell) => {
        const paths = cellPaths(cell);
        return (
          <g
            key={`${cell.level}/${cell.x}/${cell.y}`}
            transform={cellTransform(view, cell, cell.grid)}
          >
            <path d={paths.land} fill={colours.land} fillRule="nonzero" />
            <path
              d={paths.coast}
              fill="none"
              stroke={colours.coast}
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        );
      })}
      <polyline points={settledPoints} {...TRACK_LINE} />
    </>
  );
});

/**
 * A small map without WebGL (docs/monitor.md "Card maps"): an SVG of the wearer's recent track and
 * current position (an arrow turned to the heading, or a dot) over the sea, land and coastline of the
 * offline basemap, in the basemap's light or dark colours. Many of them fit on one page: none holds a
 * WebGL context. Props in, nothing out; memoized, so it draws again only when one of them changes.
 * The page showing it credits the coastline: © OpenStreetMap contributors (ODbL).
 */
export const CardMap = memo(function CardMap({
  view,
  track,
  headingDeg,
  land,
  theme,
  label,
}: CardMapProps) {
  const settled = track.settled ?? track.start;
  // The settled line changes once a step, or when the view does: keyed by value, not by the objects,
  // which are new on every fix. Its first and last point catch a track loaded anew.
  const { positions, start } = track;
  const settledKey = [
    view.level,
    view.west,
    view.north,
    start,
    settled,
    positions[2 * start],
    positions[2 * settled + 1],
  ].join(' ');
  // Made again only when its key changes (React's pattern for state adjusted to props).
  const [settledLine, setSettledLine] = useState({ key: '', points: '' });
  if (settledLine.key !== settledKey) {
    setSettledLine({
      key: settledKey,
      points: trackPointsAttribute(view, { positions, start, end: settled + 1 }),
    });
  }
  const settledPoints = settledLine.points;
  const tailPoints = useMemo(
    () => trackPointsAttribute(view, { positions, start: settled, end: track.end }),
    [view, positions, settled, track.end],
  );
  const end = track.end - 1;
  const [x, y] =
    end >= track.start
      ? projectToCard(view, track.positions[2 * end] ?? 0, track.positions[2 * end + 1] ?? 0)
      : [Number.NaN, Number.NaN];
  const position = `translate(${x.toFixed(1)} ${y.toFixed(1)})`;
  return (
    <svg
      className="ll-card-map"
      viewBox={`0 0 ${CARD_MAP_WIDTH} ${CARD_MAP_HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <CardMapBackdrop view={view} land={land} theme={theme} settledPoints={settledPoints} />
      {/* The newest minute's line: the one part of the track a fix draws again. */}
      <polyline points={tailPoints} {...TRACK_LINE} />
      {Number.isFinite(x) ? (
        headingDeg === null ? (
          <circle
            className="ll-card-map-position"
            transform={position}
            r={4.5}
            fill={WEARER_COLOUR}
            stroke="white"
            strokeWidth={1.5}
          />
        ) : (
          <path
            className="ll-card-map-position"
            d={ARROW_PATH}
            transform={`${position} rotate(${Math.round(headingDeg)})`}
            fill={WEARER_COLOUR}
            stroke="white"
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        )
      ) : null}
    </svg>
  );
});
