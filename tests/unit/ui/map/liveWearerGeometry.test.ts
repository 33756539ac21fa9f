import { describe, expect, it } from 'vitest';
import { liveWearerGeometry, type LiveWearer } from '../../../../src/ui/map/liveWearerGeometry';

/** Web Mercator at `zoom` (512 px tiles, as MapLibre), the container's top left at `origin`. */
function mercator(zoom: number, origin: { x: number; y: number }) {
  const worldPx = 512 * 2 ** zoom;
  return ([lon, lat]: [number, number]) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return {
      x: ((lon + 180) / 360) * worldPx - origin.x,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldPx - origin.y,
    };
  };
}

const fjord = { lon: 6.0532, lat: 59.0176 };
const wearer = (overrides: Partial<LiveWearer['position']> = {}): LiveWearer => ({
  position: { ...fjord, accuracyM: 24, headingDeg: 90, ...overrides },
  colour: [255, 121, 0, 255],
  tail: {
    positions: [fjord.lon - 0.001, fjord.lat - 0.001, fjord.lon, fjord.lat],
    colours: [[49, 104, 196, 255]],
  },
});

describe('liveWearerGeometry (the live overlay, docs/share-viewing.md "Map")', () => {
  const project = mercator(15, { x: 0, y: 0 });
  const centre = project([fjord.lon, fjord.lat]);

  it('puts the marker where the map projects the position', () => {
    const geometry = liveWearerGeometry(wearer(), project, 0);
    expect(geometry.x).toBeCloseTo(centre.x, 6);
    expect(geometry.y).toBeCloseTo(centre.y, 6);
  });

  it('draws the accuracy radius in metres at the map scale: 24 m is about 9.7 px at zoom 15, 59° N', () => {
    // Web Mercator at 59° N, zoom 15, 512 px tiles: 40,075,017 m × cos 59° / 2^24 px ≈ 1.23 m/px.
    const metresPerPx = (40_075_017 * Math.cos((fjord.lat * Math.PI) / 180)) / (512 * 2 ** 15);
    const geometry = liveWearerGeometry(wearer(), project, 0);
    expect(geometry.accuracyPx).toBeCloseTo(24 / metresPerPx, 0);
    // Twice the zoom scale, twice the radius.
    const closer = liveWearerGeometry(wearer(), mercator(16, { x: 0, y: 0 }), 0);
    expect((closer.accuracyPx ?? 0) / (geometry.accuracyPx ?? 1)).toBeCloseTo(2, 3);
  });

  it('has no accuracy circle for an unknown or zero accuracy', () => {
    expect(liveWearerGeometry(wearer({ accuracyM: null }), project, 0).accuracyPx).toBeNull();
    expect(liveWearerGeometry(wearer({ accuracyM: 0 }), project, 0).accuracyPx).toBeNull();
  });

  it('turns the arrow by the heading against the map bearing; no heading is a dot', () => {
    expect(liveWearerGeometry(wearer({ headingDeg: 90 }), project, 0).arrowDeg).toBe(90);
    expect(liveWearerGeometry(wearer({ headingDeg: 10 }), project, 30).arrowDeg).toBe(340);
    expect(liveWearerGeometry(wearer({ headingDeg: null }), project, 0).arrowDeg).toBeNull();
  });

  it('projects the tail segment by segment with its colours', () => {
    const geometry = liveWearerGeometry(wearer(), project, 0);
    const from = project([fjord.lon - 0.001, fjord.lat - 0.001]);
    expect(geometry.tail).toHaveLength(1);
    expect(geometry.tail[0]?.x1).toBeCloseTo(from.x, 6);
    expect(geometry.tail[0]?.y1).toBeCloseTo(from.y, 6);
    expect(geometry.tail[0]?.x2).toBeCloseTo(centre.x, 6);
    expect(geometry.tail[0]?.colour).toBe('rgba(49,104,196,1)');
    // South-west of the wearer: left of and below it on screen.
    expect(from.x).toBeLessThan(centre.x);
    expect(from.y).toBeGreaterThan(centre.y);
  });

  it('places the searchlight viewer as the wearer is placed, and nothing without a searchlight', () => {
    expect(liveWearerGeometry(wearer(), project, 0).viewer).toBeNull();
    const viewerAt = { lon: fjord.lon + 0.01, lat: fjord.lat, accuracyM: 24, headingDeg: 180 };
    const geometry = liveWearerGeometry(
      { ...wearer(), searchlight: { viewer: viewerAt, colour: [30, 110, 230, 255] } },
      project,
      30,
    );
    const at = project([viewerAt.lon, viewerAt.lat]);
    expect(geometry.viewer?.x).toBeCloseTo(at.x, 6);
    expect(geometry.viewer?.y).toBeCloseTo(at.y, 6);
    // East of the wearer, level with it; the same accuracy at the same latitude, the same radius.
    expect(geometry.viewer?.x).toBeGreaterThan(geometry.x);
    expect(geometry.viewer?.accuracyPx).toBeCloseTo(geometry.accuracyPx ?? 0, 3);
    expect(geometry.viewer?.arrowDeg).toBe(150);
  });
});
