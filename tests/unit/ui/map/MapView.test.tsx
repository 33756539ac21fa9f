// @vitest-environment jsdom
import type { LayersList } from '@deck.gl/core';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportInView, stubIntersectionObserver } from '../../support/fakeIntersectionObserver';

/*
 * MapView without WebGL: MapLibre's map, deck.gl's overlay and the frame gate are stand-ins that
 * record what MapView hands them; the browser's IntersectionObserver is a fake the test drives.
 */
const overlays: { setProps: ReturnType<typeof vi.fn> }[] = [];
/** The `locale` option of each map made. */
const mapLocales: (Record<string, string> | undefined)[] = [];
const wakes = vi.fn();
const followTo = vi.fn<(map: unknown, position: readonly [number, number]) => void>();
/** The map's event handlers by event name ('render', 'move', …), to fire them by hand. */
const mapHandlers = new Map<string, (() => void)[]>();
const fire = (event: string) => {
  act(() => {
    for (const handler of mapHandlers.get(event) ?? []) handler();
  });
};

vi.mock('maplibre-gl', () => {
  class Map {
    readonly #canvasContainer = document.createElement('div');
    constructor(options: { container: HTMLElement; locale?: Record<string, string> }) {
      options.container.append(this.#canvasContainer);
      mapLocales.push(options.locale);
    }
    addControl() {}
    on(event: string, handler: () => void) {
      mapHandlers.set(event, [...(mapHandlers.get(event) ?? []), handler]);
    }
    getCanvasContainer() {
      return this.#canvasContainer;
    }
    project([lon, lat]: [number, number]) {
      return { x: lon * 100, y: -lat * 100 };
    }
    getBearing() {
      return 0;
    }
    remove() {}
    setStyle() {}
    fitBounds() {}
  }
  class NavigationControl {
    readonly position = 'top-right';
  }
  return { Map, NavigationControl, setWorkerUrl: () => undefined };
});
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: 'worker.js' }));
vi.mock('@deck.gl/maplibre', () => ({
  MapLibreOverlay: class {
    setProps = vi.fn();
    constructor() {
      overlays.push(this);
    }
  },
}));
vi.mock('../../../../src/ui/map/overlayFrames', () => ({
  gateOverlayFrames: () => ({
    attached: true,
    wake: wakes,
    dispose: () => undefined,
    layersCurrent: () => true,
  }),
}));
const keepInView = vi.fn<(map: unknown, points: readonly (readonly [number, number])[]) => void>();
vi.mock('../../../../src/ui/map/followCamera', () => ({
  followTo: (map: unknown, position: readonly [number, number]) => {
    followTo(map, position);
  },
  keepInView: (map: unknown, points: readonly (readonly [number, number])[]) => {
    keepInView(map, points);
  },
}));

stubIntersectionObserver();

/** Tells the map's container it left (false) or neared (true) the view. */
function reportMapInView(isIntersecting: boolean) {
  const element = screen.getByRole('region', { name: 'Map of Ingrid' });
  act(() => {
    reportInView(element, isIntersecting);
  });
}

const { MapView } = await import('../../../../src/ui/map/MapView');
type LiveWearer = import('../../../../src/ui/map/liveWearerGeometry').LiveWearer;

/** A layer list told apart by identity (MapView hands layers over as they are). */
const layersNamed = (id: string) => [{ id }] as unknown as LayersList;

const view = (layers: LayersList, follow: readonly [number, number]) => (
  <MapView layers={layers} follow={follow} theme="light" styleUrl={null} label="Map of Ingrid" />
);

beforeEach(() => {
  mapHandlers.clear();
  overlays.length = 0;
  mapLocales.length = 0;
  wakes.mockClear();
  followTo.mockClear();
  keepInView.mockClear();
});

describe('MapView labels', () => {
  it('hands MapLibre its control labels through i18next (mapLocale.ts)', () => {
    render(view(layersNamed('first'), [6.05, 59.01]));
    // No language is loaded in this test: i18next answers the keys, which shows they are asked for.
    expect(mapLocales).toEqual([
      expect.objectContaining({
        'NavigationControl.ZoomIn': 'Common.Map.ZoomIn',
        'AttributionControl.ToggleAttribution': 'Common.Map.ToggleAttribution',
        'Map.Title': 'Common.Map.Title',
      }),
    ]);
  });
});

describe('MapView out of sight (docs/share-viewing.md "Map")', () => {
  it('hands new layers and the followed position over at once while in view', () => {
    const first = layersNamed('first');
    const { rerender } = render(view(first, [6.05, 59.01]));
    const second = layersNamed('second');
    rerender(view(second, [6.06, 59.02]));
    expect(overlays[0]?.setProps).toHaveBeenLastCalledWith({ layers: second });
    expect(followTo).toHaveBeenLastCalledWith(expect.anything(), [6.06, 59.02]);
  });

  it('keeps what it drew while out of sight, and hands over the latest as it nears the view', () => {
    const first = layersNamed('first');
    const { rerender } = render(view(first, [6.05, 59.01]));
    reportMapInView(false);
    const drawCalls = overlays[0]?.setProps.mock.calls.length;
    const wakeCalls = wakes.mock.calls.length;
    const follows = followTo.mock.calls.length;

    rerender(view(layersNamed('second'), [6.06, 59.02]));
    const latest = layersNamed('third');
    rerender(view(latest, [6.07, 59.03]));
    expect(overlays[0]?.setProps.mock.calls.length).toBe(drawCalls);
    expect(wakes.mock.calls.length).toBe(wakeCalls);
    expect(followTo.mock.calls.length).toBe(follows);

    reportMapInView(true);
    expect(overlays[0]?.setProps).toHaveBeenCalledTimes((drawCalls ?? 0) + 1);
    expect(overlays[0]?.setProps).toHaveBeenLastCalledWith({ layers: latest });
    expect(wakes).toHaveBeenCalledTimes(wakeCalls + 1);
    expect(followTo).toHaveBeenCalledTimes(follows + 1);
    expect(followTo).toHaveBeenLastCalledWith(expect.anything(), [6.07, 59.03]);
  });
});

describe('MapView keepInView (docs/share-viewing.md "Searchlight on the map")', () => {
  const keeping = (points: readonly (readonly [number, number])[]) => (
    <MapView
      layers={layersNamed('track')}
      keepInView={points}
      theme="light"
      styleUrl={null}
      label="Map of Ingrid"
    />
  );

  it('frames the positions when they change, not for the same positions again, and not out of sight', () => {
    const { rerender } = render(
      keeping([
        [6.05, 59.0],
        [6.0675, 59.0],
      ]),
    );
    expect(keepInView).toHaveBeenLastCalledWith(expect.anything(), [
      [6.05, 59.0],
      [6.0675, 59.0],
    ]);
    rerender(
      keeping([
        [6.05, 59.0],
        [6.0675, 59.0],
      ]),
    );
    expect(keepInView).toHaveBeenCalledTimes(1);
    rerender(
      keeping([
        [6.05, 59.0],
        [6.07, 59.001],
      ]),
    );
    expect(keepInView).toHaveBeenCalledTimes(2);
    expect(keepInView).toHaveBeenLastCalledWith(expect.anything(), [
      [6.05, 59.0],
      [6.07, 59.001],
    ]);
    expect(followTo).not.toHaveBeenCalled();

    reportMapInView(false);
    rerender(
      keeping([
        [6.05, 59.0],
        [6.08, 59.002],
      ]),
    );
    expect(keepInView).toHaveBeenCalledTimes(2);
    reportMapInView(true);
    expect(keepInView).toHaveBeenLastCalledWith(expect.anything(), [
      [6.05, 59.0],
      [6.08, 59.002],
    ]);
  });
});

describe('MapView live wearer (docs/share-viewing.md "Map: a fix moves the wearer, not the map")', () => {
  const wearerAt = (lon: number): LiveWearer => ({
    position: { lon, lat: 59.01, accuracyM: null, headingDeg: null },
    colour: [255, 121, 0, 255],
    tail: { positions: [6.05, 59.01, lon, 59.01], colours: [[38, 166, 91, 255]] },
  });
  /** Layers whose data deck.gl has (isLoaded), told apart by identity. */
  const loadedLayers = (id: string) => [{ id, isLoaded: true }] as unknown as LayersList;
  const liveView = (layers: LayersList, live: LiveWearer, drawnKey: string) => (
    <MapView
      layers={layers}
      live={live}
      drawnKey={drawnKey}
      theme="light"
      styleUrl={null}
      label="Map of Ingrid"
    />
  );

  it('draws a new fix over the map without handing deck.gl anything, and says it is drawn', () => {
    const layers = loadedLayers('settled');
    const { rerender } = render(liveView(layers, wearerAt(6.06), '2'));
    const map = screen.getByRole('region', { name: 'Map of Ingrid' });
    fire('render');
    expect(map.dataset.drawn).toBe('2');
    const setProps = overlays[0]?.setProps.mock.calls.length;
    const wakeCalls = wakes.mock.calls.length;

    rerender(liveView(layers, wearerAt(6.07), '3'));
    expect(overlays[0]?.setProps.mock.calls.length).toBe(setProps);
    expect(wakes.mock.calls.length).toBe(wakeCalls);
    // Drawn at once: the layers were drawn before, and the overlay drew the new fix.
    expect(map.dataset.drawn).toBe('3');
    const marker = map.querySelector<HTMLElement>('.ll-live-wearer-position');
    expect(marker?.style.transform).toBe('translate(607.0px, -5901.0px)');
  });

  it('waits for a frame when new layers come with the key', () => {
    const { rerender } = render(liveView(loadedLayers('settled'), wearerAt(6.06), '2'));
    const map = screen.getByRole('region', { name: 'Map of Ingrid' });
    fire('render');
    rerender(liveView(loadedLayers('settled again'), wearerAt(6.07), '3'));
    expect(map.dataset.drawn).toBe('2');
    fire('render');
    expect(map.dataset.drawn).toBe('3');
  });

  it('draws the wearer it is first given, before any fix', () => {
    render(liveView(loadedLayers('settled'), wearerAt(6.06), '2'));
    const map = screen.getByRole('region', { name: 'Map of Ingrid' });
    const marker = map.querySelector<HTMLElement>('.ll-live-wearer-position');
    expect(marker?.style.transform).toBe('translate(606.0px, -5901.0px)');
  });

  it('moves the wearer with the camera', () => {
    render(liveView(loadedLayers('settled'), wearerAt(6.06), '2'));
    const map = screen.getByRole('region', { name: 'Map of Ingrid' });
    const marker = map.querySelector<HTMLElement>('.ll-live-wearer-position');
    if (marker) marker.style.transform = 'none';
    fire('move');
    expect(marker?.style.transform).toBe('translate(606.0px, -5901.0px)');
  });
});
