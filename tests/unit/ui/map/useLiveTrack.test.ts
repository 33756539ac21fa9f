// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MapMarker } from '../../../../src/ui/map/layers/markerLayers';
import { useSameMarkers } from '../../../../src/ui/map/useLiveTrack';

const start: MapMarker = { id: 'start', kind: 'start', lon: 6.05, lat: 59.0 };
const alertAt = (lon: number): MapMarker => ({ id: 'alert-1', kind: 'alert', lon, lat: 59.01 });

describe('useSameMarkers (a fix that moves no marker hands the map no new layer)', () => {
  it('keeps the list it had while the markers are the same, and takes a changed one', () => {
    const first = [start, alertAt(6.06)];
    const { result, rerender } = renderHook(({ markers }) => useSameMarkers(markers), {
      initialProps: { markers: first },
    });
    expect(result.current).toBe(first);
    rerender({ markers: [start, alertAt(6.06)] });
    expect(result.current).toBe(first);
    const moved = [start, alertAt(6.07)];
    rerender({ markers: moved });
    expect(result.current).toBe(moved);
    rerender({ markers: [start] });
    expect(result.current).toEqual([start]);
  });
});
