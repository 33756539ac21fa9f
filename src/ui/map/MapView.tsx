import type { LayersList } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from '../visibility/useInView';
import { mapStyleFor, type MapTheme } from './basemapStyle';
import { followTo, keepInView as keepInViewOf, type Obstacle } from './followCamera';
import type { LiveWearer } from './liveWearerGeometry';
import { LiveWearerOverlay } from './liveWearerOverlay';
import { mapLocale } from './mapLocale';
import { gateOverlayFrames, type OverlayFrames } from './overlayFrames';
import './map.css';

// MapLibre 6 under Vite needs its worker named explicitly (TOOLCHAIN.md "Map notes").
maplibregl.setWorkerUrl(workerUrl);

/** A WGS 84 box, degrees: [west, south, east, north]. */
export type LonLatBounds = readonly [number, number, number, number];

/** A WGS 84 position, degrees: [lon, lat]. */
export type LonLat = readonly [number, number];

/** Props of {@link MapView}. */
export interface MapViewProps {
  /** deck.gl layers drawn over the basemap, interleaved with it; replaced on every change. */
  readonly layers: LayersList;
  /** Colour scheme of the built-in basemap. */
  readonly theme: MapTheme;
  /** A production MapLibre style URL (`mapStyle` in /config.json), or null for the offline basemap. */
  readonly styleUrl: string | null;
  /** The view fits this box (with padding) when the map loads and whenever the box changes. */
  readonly bounds?: LonLatBounds | null;
  /**
   * When set, the map keeps this position centred (follow mode); each change re-centres there, in one
   * frame for a small move and eased for a larger one (followCamera.ts).
   */
  readonly follow?: LonLat | null;
  /**
   * How far the followed position may drift from the centre before the camera re-centres, as a
   * fraction of the map's shorter side (0, the default: re-centred on every change; followCamera.ts).
   */
  readonly followSlack?: number;
  /**
   * When set (and not empty), the map keeps all these positions in view: once one comes within a few
   * px of an edge or of a map control (zoom buttons, attribution), or leaves the view, the view fits
   * them all in one frame, clear of the controls (followCamera.keepInView).
   * Used instead of `follow`, not with it.
   */
  readonly keepInView?: readonly LonLat[] | null;
  /**
   * A live wearer drawn as DOM over the map (liveWearerOverlay.ts): the position, its accuracy and
   * heading, and the tail of newest points, redrawn with each change and camera move without a render
   * of the map's canvas (docs/share-viewing.md "Map: a fix moves the wearer, not the map").
   */
  readonly live?: LiveWearer | null;
  /** The accessible name of the map region. */
  readonly label: string;
  /** Extra class names for the map's container (its size comes from CSS). */
  readonly className?: string;
  /**
   * What `layers` and `live` hold (e.g. a count of points): once MapLibre has rendered a frame with
   * these layers, every one of them loaded (deck.gl `isLoaded`: a track's drawing derived off the main
   * thread has arrived), and the live overlay drew `live`, the container's `data-drawn` attribute says it — a signal for benches and browser tests that the
   * map shows its data, not just that the data arrived. Out of sight the map draws nothing new (see
   * {@link MapView}), so the attribute moves on once the map nears the view.
   */
  readonly drawnKey?: string;
}

/** Whether every layer of `layers` has its data (deck.gl `isLoaded`: no async prop still loading). */
function layersLoaded(layers: LayersList): boolean {
  return layers.every((layer) =>
    Array.isArray(layer) ? layersLoaded(layer) : !layer || layer.isLoaded,
  );
}

const FIT_PADDING_PX = 40;
const FIT_MAX_ZOOM = 15;
/** `keepInView` fits again once a position is this close to an edge, CSS px. */
const KEEP_IN_VIEW_MARGIN_PX = 16;

/**
 * The boxes of the map's controls (zoom buttons, attribution: MapLibre's `.maplibregl-ctrl`), CSS px
 * from the container's top left, those with no size left out: what `keepInView` keeps positions from.
 */
function controlBoxes(container: HTMLElement): Obstacle[] {
  const origin = container.getBoundingClientRect();
  return Array.from(container.querySelectorAll('.maplibregl-ctrl'), (control) =>
    control.getBoundingClientRect(),
  )
    .filter((box) => box.width > 0 && box.height > 0)
    .map((box) => ({
      left: box.left - origin.left,
      top: box.top - origin.top,
      right: box.right - origin.left,
      bottom: box.bottom - origin.top,
    }));
}

/**
 * A MapLibre map with a deck.gl overlay (`MapLibreOverlay`, interleaved: one WebGL context, deck.gl
 * layers inside MapLibre's layer stack), fed entirely by props — each instance owns its map; no
 * singleton (issue 7 item 1; STYLE.md). Without a configured style it draws the offline basemap
 * (src/ui/map/basemapStyle.ts) with its OpenStreetMap attribution. The container needs a CSS height.
 * While the container is out of sight (more than useInView's margin away from the viewport), new
 * `layers` and `follow` positions wait: the latest are handed over as it nears the view.
 */
export function MapView({
  layers,
  theme,
  styleUrl,
  bounds,
  follow,
  followSlack = 0,
  keepInView = null,
  live = null,
  label,
  className,
  drawnKey,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const overlay = useRef<MapLibreOverlay | null>(null);
  const frames = useRef<OverlayFrames | null>(null);
  const { t } = useTranslation();
  // What the map is created with (the language of its controls too: it keeps them for its life).
  const initial = useRef({ layers, theme, styleUrl, bounds, locale: mapLocale(t) });
  const drawn = useRef({ key: drawnKey, layers });
  const liveOverlay = useRef<LiveWearerOverlay | null>(null);
  const latestLive = useRef(live);
  // Whether layers were handed to deck.gl that no frame has drawn yet; and the check that sets
  // `data-drawn` (made with the map).
  const layersPending = useRef(false);
  const markDrawn = useRef<() => void>(() => undefined);
  // Out of sight (scrolled away, e.g. to the messages below the map), the map keeps what it last
  // drew: new layers and camera moves would draw frames no one sees, each a full software render of
  // the map on a guardian's phone (docs/share-viewing.md "Map"). They are handed over as the map
  // nears the view again (useInView's margin).
  const [watchView, inView] = useInView();
  const setContainer = useCallback(
    (element: HTMLDivElement | null) => {
      container.current = element;
      watchView(element);
    },
    [watchView],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const start = initial.current;
    const instance = new maplibregl.Map({
      container: element,
      style: mapStyleFor(start.styleUrl, start.theme, window.location.origin),
      ...(start.bounds
        ? {
            bounds: [...start.bounds],
            fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM },
          }
        : { center: [10, 56], zoom: 3 }),
      attributionControl: { compact: true },
      locale: start.locale,
      dragRotate: false,
      pitchWithRotate: false,
    });
    const deck = new MapLibreOverlay({ interleaved: true, layers: start.layers });
    instance.addControl(deck);
    // deck.gl's loop runs only while its layers change (overlayFrames.ts); where the gate cannot
    // attach (a deck.gl without the expected loop), deck.gl keeps its own loop, every display frame.
    const gate = gateOverlayFrames(deck, element);
    // For browser tests: whether the gate holds the loop.
    element.dataset.frames = gate.attached ? 'on-demand' : 'every-frame';
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const wearer = new LiveWearerOverlay(instance.getCanvasContainer(), {
      project: (lonLat) => instance.project(lonLat),
      getBearing: () => instance.getBearing(),
    });
    // The overlay follows the camera in the frame MapLibre renders the move in.
    instance.on('move', () => {
      wearer.reproject();
    });
    instance.on('resize', () => {
      wearer.reproject();
    });
    markDrawn.current = () => {
      const { key, layers: shown } = drawn.current;
      if (
        key !== undefined &&
        element.dataset.drawn !== key &&
        !layersPending.current &&
        gate.layersCurrent() &&
        layersLoaded(shown)
      ) {
        element.dataset.drawn = key;
      }
    };
    instance.on('render', () => {
      layersPending.current = false;
      markDrawn.current();
    });
    liveOverlay.current = wearer;
    wearer.draw(latestLive.current);
    map.current = instance;
    overlay.current = deck;
    frames.current = gate;
    return () => {
      markDrawn.current = () => undefined;
      wearer.remove();
      liveOverlay.current = null;
      gate.dispose();
      frames.current = null;
      overlay.current = null;
      map.current = null;
      instance.remove();
    };
  }, []);

  useEffect(() => {
    if (!inView) return;
    overlay.current?.setProps({ layers });
    frames.current?.wake();
    // The first frame MapLibre renders with these layers loaded shows them (their key: below).
    layersPending.current = true;
    drawn.current = { ...drawn.current, layers };
  }, [layers, inView]);

  // Before the browser paints: the marker moves in the frame that shows the fix's figures, not one
  // frame later (a second composited frame per fix).
  useLayoutEffect(() => {
    latestLive.current = live;
    liveOverlay.current?.draw(live);
  }, [live]);

  useEffect(() => {
    if (!inView) return;
    // The key of the layers just handed over (drawn at their first frame, as layersPending says),
    // or a new key with the same layers (a fix the live overlay drew): drawn once the layers are.
    drawn.current = { ...drawn.current, key: drawnKey };
    markDrawn.current();
  }, [drawnKey, inView]);

  useEffect(() => {
    if (initial.current.theme === theme && initial.current.styleUrl === styleUrl) return;
    initial.current = { ...initial.current, theme, styleUrl };
    map.current?.setStyle(mapStyleFor(styleUrl, theme, window.location.origin));
  }, [theme, styleUrl]);

  const west = bounds?.[0];
  const south = bounds?.[1];
  const east = bounds?.[2];
  const north = bounds?.[3];
  useEffect(() => {
    if (west === undefined || south === undefined || east === undefined || north === undefined) {
      return;
    }
    const previous = initial.current.bounds;
    if (
      previous &&
      previous[0] === west &&
      previous[1] === south &&
      previous[2] === east &&
      previous[3] === north
    ) {
      return;
    }
    initial.current = { ...initial.current, bounds: [west, south, east, north] };
    map.current?.fitBounds([west, south, east, north], {
      padding: FIT_PADDING_PX,
      maxZoom: FIT_MAX_ZOOM,
      duration: 0,
    });
  }, [west, south, east, north]);

  const followLon = follow?.[0];
  const followLat = follow?.[1];
  useEffect(() => {
    if (followLon === undefined || followLat === undefined || !inView) return;
    const element = container.current;
    const slackPx = element ? followSlack * Math.min(element.clientWidth, element.clientHeight) : 0;
    if (map.current) followTo(map.current, [followLon, followLat], slackPx);
  }, [followLon, followLat, followSlack, inView]);

  // The positions by value (String of a number reads back exactly): a new array of the same
  // positions moves nothing.
  const keptKey = keepInView?.map(([lon, lat]) => `${String(lon)},${String(lat)}`).join(';') ?? '';
  useEffect(() => {
    const element = container.current;
    if (keptKey === '' || !inView || !element || !map.current) return;
    const points = keptKey.split(';').map((point): LonLat => {
      const [lon = 0, lat = 0] = point.split(',').map(Number);
      return [lon, lat];
    });
    keepInViewOf(map.current, points, {
      widthPx: element.clientWidth,
      heightPx: element.clientHeight,
      marginPx: KEEP_IN_VIEW_MARGIN_PX,
      paddingPx: FIT_PADDING_PX,
      maxZoom: FIT_MAX_ZOOM,
      obstacles: controlBoxes(element),
    });
  }, [keptKey, inView]);

  return (
    <div
      ref={setContainer}
      className={className ? `ll-map ${className}` : 'll-map'}
      role="region"
      aria-label={label}
    />
  );
}
