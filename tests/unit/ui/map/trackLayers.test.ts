import type { Layer } from '@deck.gl/core';
import { describe, expect, it } from 'vitest';
import { currentPositionLayers } from '../../../../src/ui/map/layers/positionLayers';
import { eventMarkerLayer, type MapMarker } from '../../../../src/ui/map/layers/markerLayers';
import {
  replayTrailLayer,
  speedTrackLayer,
  trimPreviewLayer,
} from '../../../../src/ui/map/layers/trackLayers';
import type { TrackDetailLayer } from '../../../../src/ui/map/layers/trackDetailLayer';
import { zoneLayers } from '../../../../src/ui/map/layers/zoneLayers';
import { simplifiedTrack } from '../../../../src/ui/map/trackSimplification';
import {
  relativeSeconds,
  speedColour,
  pointSpeeds,
  speedColours,
  trackBounds,
  UNKNOWN_SPEED_COLOUR,
  type TrackColumnsLike,
} from '../../../../src/ui/map/trackAttributes';

/** The layer a track layer draws at `zoom` (its level of detail's subset of the track). */
function drawn(layer: TrackDetailLayer | null, zoom: number): Layer | null {
  if (!layer) return null;
  const derived = layer.props.derived;
  // Tracks this small are derived at once (trackDerivations.SYNC_DERIVATION_MAX_POINTS).
  if (!derived || derived instanceof Promise) throw new Error('expected a drawing at once');
  return layer.props.draw(simplifiedTrack(derived, zoom), `${layer.id}-lod`);
}

/** A track of `n` points 1 s apart from a real epoch time, heading north-east at `speed` m/s. */
function track(n: number, speed: (i: number) => number, version = 1): TrackColumnsLike {
  const start = Date.UTC(2024, 5, 1, 8, 0, 0);
  const time = new Float64Array(n);
  const positions = new Float64Array(2 * n);
  const speeds = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    time[i] = start + i * 1000;
    positions[2 * i] = 5.9 + i * 1e-4;
    positions[2 * i + 1] = 58.9 + i * 1e-4;
    speeds[i] = speed(i);
  }
  return { length: n, version, time, positions, speed: speeds, hacc: new Float32Array(n) };
}

describe('track attributes', () => {
  it('holds replay times as seconds after the first point, exact to the millisecond over a day', () => {
    const columns = track(3, () => 1);
    const dayLater = new Float64Array(columns.time);
    dayLater[2] = (columns.time[0] ?? 0) + 86_399_999;
    const seconds = relativeSeconds({ ...columns, time: dayLater });
    expect(seconds[0]).toBe(0);
    expect(seconds[1]).toBe(1);
    expect(Math.abs((seconds[2] ?? 0) - 86_399.999)).toBeLessThan(0.005);
    // Epoch milliseconds in float32 would be off by seconds.
    const epochMs = Number(dayLater.at(2));
    expect(Math.abs(Math.fround(epochMs) - epochMs)).toBeGreaterThan(1_000);
  });

  it('colours slow points blue, fast points red, and unknown speeds grey', () => {
    expect(speedColour(0, 10)).toEqual([49, 104, 196, 255]);
    expect(speedColour(10, 10)).toEqual([214, 48, 49, 255]);
    expect(speedColour(25, 10)).toEqual([214, 48, 49, 255]);
    expect(speedColour(Number.NaN, 10)).toEqual(UNKNOWN_SPEED_COLOUR);
  });

  it('scales colours to the 95th percentile so one spike does not wash out the track', () => {
    const columns = track(100, (i) => (i === 50 ? 200 : i / 10));
    const { colours, maxSpeed } = speedColours(columns);
    expect(maxSpeed).toBeCloseTo(9.5, 4);
    expect(colours.length).toBe(400);
    expect([...colours.subarray(200, 204)]).toEqual([214, 48, 49, 255]);
  });

  it('computes derived arrays once per track version', () => {
    const columns = track(10, () => 2, 1);
    expect(relativeSeconds(columns)).toBe(relativeSeconds(columns));
    const next = { ...columns, version: 2 };
    expect(relativeSeconds(next)).not.toBe(relativeSeconds(columns));
    expect(trackBounds(columns)).toEqual([5.9, 58.9, 5.9 + 9e-4, 58.9 + 9e-4]);
    expect(trackBounds(track(0, () => 0))).toBeNull();
  });
});

describe('layer factories', () => {
  it('draws the speed track from the columns themselves, as one binary path', () => {
    const columns = track(5, (i) => i);
    const layer = speedTrackLayer('track', columns, 0.4);
    // At street level every point is drawn, straight from the track's own arrays.
    const path = drawn(layer, 20);
    expect(path?.props.opacity).toBe(0.4);
    const data = path?.props.data as {
      length: number;
      startIndices: Uint32Array;
      attributes: { getPath: { value: Float64Array } };
    };
    expect(data.length).toBe(1);
    expect([...data.startIndices]).toEqual([0, 5]);
    expect(data.attributes.getPath.value.buffer).toBe(columns.positions.buffer);
    expect([...data.attributes.getPath.value]).toEqual([...columns.positions]);
    expect(path?.props.updateTriggers).toEqual({ getPath: '1:all', getColor: '1:all' });
    expect(
      speedTrackLayer(
        'track',
        track(1, () => 1),
      ),
    ).toBeNull();
  });

  it('previews a trim as the kept points only, views of the track without copies', () => {
    const columns = track(10, (i) => i);
    const t0 = columns.time[0] ?? 0;
    const step = (columns.time[1] ?? 0) - t0;
    // Keep the points 2 … 6: from just after point 1 to point 6 exactly.
    const layer = trimPreviewLayer('trim', columns, t0 + step + 1, t0 + 6 * step);
    const data = layer?.props.data as unknown as {
      startIndices: Uint32Array;
      attributes: { getPath: { value: Float64Array }; getColor: { value: Uint8Array } };
    };
    expect([...data.startIndices]).toEqual([0, 5]);
    expect([...data.attributes.getPath.value]).toEqual([...columns.positions.slice(4, 14)]);
    expect(data.attributes.getPath.value.buffer).toBe(columns.positions.buffer);
    expect(data.attributes.getColor.value).toHaveLength(20);
    expect(trimPreviewLayer('trim', columns, t0 + 3 * step, t0 + 3 * step)).toBeNull();
  });

  it('replays with relative-second timestamps and the whole played part kept', () => {
    const columns = track(61, () => 1);
    const trips = drawn(replayTrailLayer('replay', columns, 30, [255, 255, 255, 255]), 20);
    const props = trips?.props as unknown as {
      currentTime: number;
      trailLength: number;
      fadeTrail: boolean;
      data: { attributes: { getTimestamps: { value: Float32Array } } };
    };
    expect(props.currentTime).toBe(30);
    expect(props.trailLength).toBeGreaterThan(60);
    expect(props.fadeTrail).toBe(false);
    expect(props.data.attributes.getTimestamps.value[60]).toBe(60);
  });

  it('hands deck.gl the same data object frame after frame until the track or zoom level changes', () => {
    // deck.gl compares `data` by identity: a new object per frame rebuilds every attribute per frame.
    const columns = track(61, () => 1);
    const colour = [255, 255, 255, 255] as const;
    const frame1 = drawn(replayTrailLayer('replay', columns, 10, colour), 12);
    const frame2 = drawn(replayTrailLayer('replay', columns, 11, colour), 12);
    expect(frame2?.props.data).toBe(frame1?.props.data);
    expect(drawn(speedTrackLayer('track', columns, 0.35), 12)?.props.data).toBe(
      drawn(speedTrackLayer('track', columns, 1), 12)?.props.data,
    );
    const grown = { ...columns, version: 2 };
    expect(drawn(replayTrailLayer('replay', grown, 11, colour), 12)?.props.data).not.toBe(
      frame1?.props.data,
    );
    expect(drawn(replayTrailLayer('replay', columns, 11, colour), 20)?.props.data).not.toBe(
      frame1?.props.data,
    );
  });

  it('updates the track layer when the view crosses a zoom level, not on every camera move', () => {
    // An update after each camera move was a second full MapLibre render per live fix
    // (docs/share-viewing.md "Map"): a pan or a follow camera's jump changes nothing drawn.
    const layer = speedTrackLayer(
      'track',
      track(61, () => 1),
    );
    if (!layer) throw new Error('expected a track layer');
    const flags = (changed: Partial<Record<'viewportChanged' | 'propsOrDataChanged', boolean>>) =>
      ({
        changeFlags: {
          viewportChanged: false,
          propsOrDataChanged: false,
          stateChanged: false,
          ...changed,
          // As deck.gl derives it.
          somethingChanged: Object.values(changed).some(Boolean),
        },
      }) as unknown as Parameters<typeof layer.shouldUpdateState>[0];
    // As deck.gl holds it: drawn at level 12, the view now at `zoom`.
    const at = (zoom: number) => {
      Object.assign(layer, { context: { viewport: { zoom } }, internalState: {} });
      layer.state = { level: 12 };
      return layer;
    };
    expect(at(12.7).shouldUpdateState(flags({ viewportChanged: true }))).toBe(false);
    expect(at(13.1).shouldUpdateState(flags({ viewportChanged: true }))).toBe(true);
    expect(at(11.9).shouldUpdateState(flags({ viewportChanged: true }))).toBe(true);
    expect(at(12.2).shouldUpdateState(flags({ propsOrDataChanged: true }))).toBe(true);
  });

  it('marks the position with an arrow when the heading is known, a dot otherwise, and the accuracy', () => {
    const colour = [10, 20, 30, 255] as const;
    const withHeading = currentPositionLayers(
      'me',
      { lon: 5, lat: 59, accuracyM: 12, headingDeg: 90 },
      colour,
    );
    // Every layer is drawn (its shader linked from the first frame); the unwanted ones at opacity 0.
    const shown = (layers: typeof withHeading) =>
      layers.filter((l) => l.props.visible && l.props.opacity > 0).map((l) => l.id);
    expect(withHeading.every((l) => l.props.visible)).toBe(true);
    expect(shown(withHeading)).toEqual(['me-accuracy', 'me-arrow']);
    const arrow = withHeading[2];
    const angle = (arrow?.props as unknown as { getAngle: unknown }).getAngle as (p: {
      headingDeg: number;
    }) => number;
    expect(angle({ headingDeg: 90 })).toBe(-90);
    const noHeading = currentPositionLayers(
      'me',
      { lon: 5, lat: 59, accuracyM: null, headingDeg: null },
      colour,
    );
    expect(shown(noHeading)).toEqual(['me-dot']);
    // The same layers either way, so a heading that comes and goes never recompiles a shader.
    expect(noHeading.map((l) => l.id)).toEqual(withHeading.map((l) => l.id));
    expect(currentPositionLayers('me', null, colour)).toEqual([]);
  });

  it('draws the replay cursor and trail before the replay runs, showing nothing, with the same layer ids', () => {
    const colour = [10, 20, 30, 255] as const;
    const position = { lon: 5, lat: 59, accuracyM: 12, headingDeg: 90 };
    const hidden = currentPositionLayers('cursor', position, colour, false);
    expect(hidden.map((l) => [l.id, l.props.visible, l.props.opacity])).toEqual([
      ['cursor-accuracy', true, 0],
      ['cursor-dot', true, 0],
      ['cursor-arrow', true, 0],
    ]);
    // The arrow's icon is asked for while hidden, so it loads before the replay shows it.
    const arrow = hidden[2]?.props as unknown as { data: unknown[]; getIcon: () => { id: string } };
    expect(arrow.data).toHaveLength(1);
    expect(arrow.getIcon().id).toBe('arrow');
    const shownIds = currentPositionLayers('cursor', position, colour, true).map((l) => l.id);
    expect(shownIds).toEqual(hidden.map((l) => l.id));

    const columns = track(100, () => 2);
    // Before a replay the trail is drawn (its program linked while the map loads) but shows nothing:
    // its time lies before the track's first point, start cap included.
    const timeOf = (layer: TrackDetailLayer | null) =>
      (drawn(layer, 12)?.props as unknown as { currentTime: number } | undefined)?.currentTime;
    const before = replayTrailLayer('replay', columns, null, colour);
    expect(before?.props.visible).toBe(true);
    expect(timeOf(before)).toBeLessThan(0);
    expect(timeOf(replayTrailLayer('replay', columns, 10, colour))).toBe(10);
  });

  it('puts alert markers on top of the others', () => {
    const layer = eventMarkerLayer('events', [
      { id: 'a', kind: 'alert', lon: 1, lat: 1 },
      { id: 's', kind: 'start', lon: 0, lat: 0 },
      { id: 'm', kind: 'message', lon: 2, lat: 2 },
    ]);
    expect((layer?.props.data as { id: string }[]).map((m) => m.id)).toEqual(['s', 'm', 'a']);
    expect(eventMarkerLayer('events', [])).toBeNull();
  });

  it('takes a new list of the same markers for unchanged data, and a moved or new one for a change', () => {
    const markers = (noteLon: number): MapMarker[] => [
      { id: 'start', kind: 'start', lon: 5.7, lat: 58.9 },
      { id: 'alert-3', kind: 'alert', lon: 5.8, lat: 59 },
      { id: 'note-9', kind: 'note', lon: noteLon, lat: 59.01 },
    ];
    const dataOf = (list: MapMarker[]) => eventMarkerLayer('events', list)?.props.data;
    const unchanged = (next: MapMarker[], previous: MapMarker[]) =>
      eventMarkerLayer('events', next)?.props.dataComparator?.(dataOf(next), dataOf(previous));
    expect(unchanged(markers(5.81), markers(5.81))).toBe(true);
    expect(unchanged(markers(5.82), markers(5.81))).toBe(false);
    expect(unchanged(markers(5.81).slice(0, 2), markers(5.81))).toBe(false);
    expect(
      unchanged(
        markers(5.81).map((m) => (m.id === 'note-9' ? { ...m, id: 'note-10' } : m)),
        markers(5.81),
      ),
    ).toBe(false);
    expect(
      eventMarkerLayer('events', markers(5.81))?.props.dataComparator?.(dataOf(markers(5.81))),
    ).toBe(false);
  });

  it('draws circle zones in metres and polygon zones as polygons', () => {
    const layers = zoneLayers('zones', [
      { id: '1', kind: 'SAFETY', shape: { type: 'circle', lon: 5, lat: 59, radiusM: 5000 } },
      {
        id: '2',
        kind: 'DANGER',
        shape: {
          type: 'polygon',
          ring: [
            [5, 59],
            [5.1, 59],
            [5.1, 59.1],
          ],
        },
      },
    ]);
    expect(layers.map((l) => l.id)).toEqual(['zones-circles', 'zones-polygons']);
    expect((layers[0]?.props as { radiusUnits?: string }).radiusUnits).toBe('meters');
    expect(zoneLayers('zones', [])).toEqual([]);
  });
});

describe('speeds for colouring', () => {
  it('derives a speed from the fixes where the device reported none', () => {
    const columns = track(3, () => Number.NaN);
    const speeds = pointSpeeds(columns);
    expect(speeds[0]).toBeNaN();
    // 1e-4° of latitude and of longitude at 58.9° N in 1 s: about 12.8 m/s.
    expect(speeds[1]).toBeCloseTo(12.8, 0);
    const reported = track(3, () => 2);
    expect([...pointSpeeds(reported)]).toEqual([2, 2, 2]);
  });
});
