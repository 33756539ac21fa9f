// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAND_CELL_GRID, type LandCell } from '../../../../src/api/basemap';
import { BASEMAP_PALETTE } from '../../../../src/ui/map/basemapStyle';
import { CardMap } from '../../../../src/ui/map/CardMap';
import { cardView, type CardView, type TrackSpan } from '../../../../src/ui/map/cardMapView';

const track: TrackSpan = {
  positions: Float64Array.from([10, 60, 10.001, 60.001]),
  start: 0,
  end: 2,
};
const view = cardView(track) as CardView;
/** A cell whose land is its south-west quarter, with that quarter's two inner edges as coast. */
const cell: LandCell = {
  level: 6,
  x: 12159,
  y: 9599,
  grid: LAND_CELL_GRID,
  land: [[[0, 0, 256, 0, 256, 256, 0, 256]]],
  coast: [[256, 0, 256, 256, 0, 256]],
};

describe('CardMap (an SVG card map, no WebGL)', () => {
  it('draws the track as a polyline ending at an arrow turned to the heading, over sea and land', () => {
    const { container } = render(
      <CardMap
        view={view}
        track={track}
        headingDeg={90}
        land={[cell]}
        theme="light"
        label="Map of Ingrid"
      />,
    );
    const map = screen.getByRole('img', { name: 'Map of Ingrid' });
    expect(map).toHaveAttribute('viewBox', '0 0 240 135');
    // Without `settled`, the settled line is the first point and the rest is the newest line.
    const lines = container.querySelectorAll('polyline.ll-card-map-track');
    expect(lines).toHaveLength(2);
    const line = lines[1];
    // The view is 2^-6° tall here (the two fixes need it): the same projection as cardMapView's.
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(2);
    // Points in tenths of user units, drawn at a tenth; the arrow sits on the newest one.
    expect(line).toHaveAttribute('transform', 'scale(0.1)');
    const marker = container.querySelector('path.ll-card-map-position');
    const [, lastXy = ''] = line?.getAttribute('points')?.split(' ') ?? [];
    const [x, y] = lastXy.split(',').map((tenths) => (Number(tenths) / 10).toFixed(1));
    expect(marker?.getAttribute('transform')).toBe(`translate(${x} ${y}) rotate(90)`);
    expect(container.querySelector('rect')).toHaveAttribute('fill', BASEMAP_PALETTE.light.sea);
    const land = container.querySelector('g path');
    expect(land).toHaveAttribute('d', 'M0 0 256 0 256 256 0 256Z');
    expect(land).toHaveAttribute('fill', BASEMAP_PALETTE.light.land);
    expect(container.querySelector('g')?.getAttribute('transform')).toMatch(/^matrix\(/);
  });

  it('draws the settled part and the newest part as two lines sharing their joint', () => {
    const three: TrackSpan = {
      positions: Float64Array.from([10, 60, 10.001, 60.001, 10.002, 60.001]),
      start: 0,
      settled: 1,
      end: 3,
    };
    const { container } = render(
      <CardMap
        view={cardView(three) as CardView}
        track={three}
        headingDeg={null}
        land={[]}
        theme="light"
        label="Map"
      />,
    );
    const [settled, tail] = [...container.querySelectorAll('polyline.ll-card-map-track')].map(
      (line) => line.getAttribute('points')?.split(' ') ?? [],
    );
    expect(settled).toHaveLength(2);
    expect(tail).toHaveLength(2);
    expect(tail?.[0]).toBe(settled?.[1]);
  });

  it('draws a dot without a heading, and the dark scheme’s colours', () => {
    const { container } = render(
      <CardMap view={view} track={track} headingDeg={null} land={[]} theme="dark" label="Map" />,
    );
    expect(container.querySelector('circle.ll-card-map-position')).not.toBeNull();
    expect(container.querySelector('path.ll-card-map-position')).toBeNull();
    expect(container.querySelector('rect')).toHaveAttribute('fill', BASEMAP_PALETTE.dark.sea);
    expect(container.querySelector('g')).toBeNull();
  });
});
