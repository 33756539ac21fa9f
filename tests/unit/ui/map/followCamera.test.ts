import { describe, expect, it } from 'vitest';
import {
  FOLLOW_EASE_MS,
  FOLLOW_JUMP_MAX_PX,
  followTo,
  keepInView,
  type FollowedCamera,
  type EdgePadding,
  type FramingCamera,
} from '../../../../src/ui/map/followCamera';

/**
 * A camera at Web Mercator zoom `zoom` (512 px tiles, as MapLibre) centred on `center`, recording the
 * moves it was asked for.
 */
function camera(center: [number, number], zoom: number) {
  const moves: { kind: 'jump' | 'ease'; center: [number, number]; duration?: number }[] = [];
  const worldPx = 512 * 2 ** zoom;
  const project = ([lon, lat]: [number, number]) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return {
      x: ((lon + 180) / 360) * worldPx,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx,
    };
  };
  const unproject = ([x, y]: [number, number]) => {
    const mercatorY = Math.PI * (1 - (2 * y) / worldPx);
    return {
      lng: (x / worldPx) * 360 - 180,
      lat: (Math.atan(Math.sinh(mercatorY)) * 180) / Math.PI,
    };
  };
  const fake: FollowedCamera = {
    getCenter: () => ({ lng: center[0], lat: center[1] }),
    project,
    unproject,
    jumpTo: (options) => moves.push({ kind: 'jump', ...options }),
    easeTo: (options) => moves.push({ kind: 'ease', ...options }),
  };
  return { fake, moves };
}

describe('followTo (MapView follow mode)', () => {
  // Lysefjord at zoom 15: one px is about 2.4 m on the ground at 59° N.
  const fjord: [number, number] = [6.0532, 59.0176];

  it('re-centres in one frame when a 1 Hz report moved the wearer a few metres', () => {
    const { fake, moves } = camera(fjord, 15);
    // 1.4 m/s for one second, north: well under a px step of the jump limit.
    expect(followTo(fake, [fjord[0], fjord[1] + 1.4 / 111_200])).toBe('jump');
    expect(moves).toEqual([{ kind: 'jump', center: [fjord[0], fjord[1] + 1.4 / 111_200] }]);
  });

  it('eases when the position is farther than the jump limit on screen', () => {
    const { fake, moves } = camera(fjord, 15);
    // 500 m east at zoom 15 is far more than FOLLOW_JUMP_MAX_PX.
    const east: [number, number] = [
      fjord[0] + 500 / (111_200 * Math.cos((59 * Math.PI) / 180)),
      fjord[1],
    ];
    expect(followTo(fake, east)).toBe('ease');
    expect(moves).toEqual([{ kind: 'ease', center: east, duration: FOLLOW_EASE_MS }]);
  });

  it('puts the limit on screen px, not on metres: the same move jumps when zoomed out', () => {
    const east: [number, number] = [
      fjord[0] + 500 / (111_200 * Math.cos((59 * Math.PI) / 180)),
      fjord[1],
    ];
    expect(followTo(camera(fjord, 10).fake, east)).toBe('jump');
    // Just inside and just outside the limit, along x.
    const { fake } = camera(fjord, 15);
    const pxPerDegree = (512 * 2 ** 15) / 360;
    const at = (px: number): [number, number] => [fjord[0] + px / pxPerDegree, fjord[1]];
    expect(followTo(fake, at(FOLLOW_JUMP_MAX_PX - 0.5))).toBe('jump');
    expect(followTo(fake, at(FOLLOW_JUMP_MAX_PX + 0.5))).toBe('ease');
  });

  it('with a slack, stays while the wearer is within it, then leads: the new centre a slack ahead', () => {
    const { fake, moves } = camera(fjord, 15);
    const pxPerDegree = (512 * 2 ** 15) / 360;
    const at = (px: number): [number, number] => [fjord[0] + px / pxPerDegree, fjord[1]];
    // A slack of 80 px (a quarter of a phone's 320 px map): 2.5 px a report stays for 32 reports.
    expect(followTo(fake, at(2.5), 80)).toBe('stay');
    expect(followTo(fake, at(79.5), 80)).toBe('stay');
    expect(moves).toEqual([]);
    // Just past the slack, eastwards: one frame to a centre 80 px east of the wearer, who is then
    // 80 px west of the middle and crosses all of it before the next move.
    expect(followTo(fake, at(82), 80)).toBe('jump');
    const [lead] = moves;
    expect(lead?.kind).toBe('jump');
    expect(lead?.center[0]).toBeCloseTo(at(162)[0], 9);
    expect(lead?.center[1]).toBeCloseTo(fjord[1], 9);
    // The same camera (centre unchanged in the fake): up to 3 × slack is one frame, farther eases
    // to centre on the wearer.
    expect(followTo(fake, at(159), 80)).toBe('jump');
    expect(followTo(fake, at(161), 80)).toBe('ease');
    expect(moves.at(-1)).toEqual({ kind: 'ease', center: at(161), duration: FOLLOW_EASE_MS });
  });
});

describe('keepInView (the share map while the searchlight shows)', () => {
  const even = (px: number): EdgePadding => ({ top: px, right: px, bottom: px, left: px });
  const framing = { widthPx: 400, heightPx: 300, marginPx: 16, paddingPx: 40, maxZoom: 15 };
  /** A 400 × 300 px view at `zoom` centred on `center`, projecting onto its container. */
  function view(center: [number, number], zoom: number) {
    const { fake } = camera(center, zoom);
    const middle = fake.project(center);
    const fits: {
      bounds: [number, number, number, number];
      padding: EdgePadding;
      duration: number;
    }[] = [];
    const framed: FramingCamera = {
      project: (lngLat) => {
        const { x, y } = fake.project(lngLat);
        return { x: x - middle.x + 200, y: y - middle.y + 150 };
      },
      fitBounds: (bounds, options) => fits.push({ bounds, ...options }),
    };
    return { framed, fits };
  }
  // The Lysefjord: a guardian on the shore and the kayaker about 1 km to the east.
  const guardian: [number, number] = [6.05, 59.0];
  const kayaker: [number, number] = [6.0675, 59.0];

  it('stays while both are inside the view, margin included', () => {
    // Zoom 13 at 59° N: about 4.9 m per px, so the two are about 200 px apart.
    const { framed, fits } = view([6.058, 59.0], 13);
    expect(keepInView(framed, [guardian, kayaker], framing)).toBe('stay');
    expect(fits).toEqual([]);
  });

  it('fits both, at once and padded, when one nears an edge or leaves the view', () => {
    // Centred just east of the guardian: the kayaker is still in view, within 16 px of its edge.
    const { framed, fits } = view([6.051, 59.0], 13);
    expect(framed.project(kayaker).x).toBeGreaterThan(400 - 16);
    expect(framed.project(kayaker).x).toBeLessThan(400);
    expect(keepInView(framed, [guardian, kayaker], framing)).toBe('fit');
    expect(fits).toEqual([
      { bounds: [6.05, 59.0, 6.0675, 59.0], padding: even(40), maxZoom: 15, duration: 0 },
    ]);
    // Far outside (the kayaker 50 km away) is the same.
    const far = view(guardian, 14);
    expect(keepInView(far.framed, [guardian, [6.9, 59.2]], framing)).toBe('fit');
    expect(far.fits[0]?.bounds).toEqual([6.05, 59.0, 6.9, 59.2]);
  });

  // MapLibre's controls on a 400 × 300 map: the zoom buttons (29 × 58 px) 10 px from the top right,
  // the compact attribution (24 × 24 px) 10 px from the bottom right.
  const zoomButtons = { left: 361, top: 10, right: 390, bottom: 68 };
  const attribution = { left: 366, top: 266, right: 390, bottom: 290 };
  const withControls = { ...framing, obstacles: [zoomButtons, attribution] };

  it('fits when a position comes within the margin of a map control, though inside the view', () => {
    // The kayaker at about x 373 px, y 278 px: 27 px from the right edge and 22 px from the bottom
    // (inside the bare view's 16 px margin), but under the attribution.
    const { framed, fits } = view([6.05265, 59.00566], 13);
    const at = framed.project(kayaker);
    expect(at.x).toBeGreaterThan(366);
    expect(at.x).toBeLessThan(390);
    expect(at.y).toBeGreaterThan(266);
    expect(at.y).toBeLessThan(290);
    expect(keepInView(framed, [guardian, kayaker], framing)).toBe('stay');
    expect(keepInView(framed, [guardian, kayaker], withControls)).toBe('fit');
    // Each control moves the edge it reaches least far from in by its depth: the zoom buttons reach
    // 39 px in from the right (68 from the top) and the attribution 34 px from the right (as from
    // the bottom; the right is taken first), so the right edge's padding is 39 + 40 px.
    expect(fits).toEqual([
      {
        bounds: [6.05, 59.0, 6.0675, 59.0],
        padding: { top: 40, right: 79, bottom: 40, left: 40 },
        maxZoom: 15,
        duration: 0,
      },
    ]);
  });

  it('stays while positions keep the margin from the controls, and pads evenly on a tiny map', () => {
    // Both well inside, left of the zoom buttons and above the attribution.
    const { framed, fits } = view([6.058, 59.0], 13);
    expect(keepInView(framed, [guardian, kayaker], withControls)).toBe('stay');
    expect(fits).toEqual([]);
    // A 100 × 100 px map cannot pad 79 px on one side: every edge keeps the plain padding.
    const tiny = view(guardian, 14);
    const cramped = { ...withControls, widthPx: 100, heightPx: 100 };
    expect(keepInView(tiny.framed, [guardian, [6.9, 59.2]], cramped)).toBe('fit');
    expect(tiny.fits[0]?.padding).toEqual(even(40));
    // An expanded attribution, a line along the bottom, moves the bottom edge in instead.
    const expanded = { left: 90, top: 270, right: 390, bottom: 290 };
    const far = view(guardian, 14);
    const expandedControls = { ...framing, obstacles: [zoomButtons, expanded] };
    expect(keepInView(far.framed, [guardian, [6.9, 59.2]], expandedControls)).toBe('fit');
    expect(far.fits[0]?.padding).toEqual({ top: 40, right: 79, bottom: 70, left: 40 });
  });

  it('does nothing without positions', () => {
    const { framed, fits } = view(guardian, 14);
    expect(keepInView(framed, [], framing)).toBe('stay');
    expect(fits).toEqual([]);
  });
});
