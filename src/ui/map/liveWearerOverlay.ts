import { TRACK_WIDTH_PX } from './layers/trackLayers';
import { cssColour, liveWearerGeometry, type LiveWearer, type Project } from './liveWearerGeometry';
import { PositionMarkerElement, svgElement } from './positionMarkerElement';

/** The searchlight line's width, px, and opacity (of 255), as the WebGL searchlight drew it. */
const SEARCHLIGHT_LINE_WIDTH_PX = 3;
const SEARCHLIGHT_LINE_ALPHA = 200;

/** What the overlay needs of the map (maplibregl.Map has all of it). */
export interface LiveOverlayMap {
  project: Project;
  getBearing(): number;
}

/** Sets `name` to `value` unless it has that value: an unchanged segment is not painted again. */
function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * The live wearer drawn as DOM over a map's canvas (docs/share-viewing.md "Map: a fix moves the
 * wearer, not the map"): an SVG the size of the map holding the tail's segments (the newest points,
 * coloured by speed) and the wearer's marker (PositionMarkerElement: accuracy circle, arrow or dot),
 * as the WebGL layers draw them; while the searchlight shows, the viewer's own marker and a straight
 * line from them to the wearer too ("Searchlight on the map"). A new fix, or a new position or
 * heading of the viewer, changes a few attributes; the map's WebGL canvas is not drawn again. `draw`
 * after every change, `reproject` after every camera move (MapLibre's `move`, in the same frame as the
 * map's render). Not pickable: pointer input goes through to the map.
 */
export class LiveWearerOverlay {
  readonly #root: HTMLDivElement;
  readonly #tail: SVGGElement;
  readonly #segments: SVGLineElement[] = [];
  readonly #searchlightLine: SVGLineElement;
  readonly #wearer = new PositionMarkerElement('ll-live-wearer-position');
  readonly #viewer = new PositionMarkerElement('ll-live-wearer-viewer');
  readonly #map: LiveOverlayMap;
  #live: LiveWearer | null = null;

  /** Adds the overlay (empty) to `parent`, the map's canvas container, drawn over the canvas. */
  constructor(parent: HTMLElement, map: LiveOverlayMap) {
    this.#map = map;
    this.#root = document.createElement('div');
    this.#root.className = 'll-live-wearer';
    this.#root.setAttribute('aria-hidden', 'true');
    const svg = svgElement('svg', { class: 'll-live-wearer-tail' });
    this.#searchlightLine = svgElement('line', {
      'stroke-width': String(SEARCHLIGHT_LINE_WIDTH_PX),
      class: 'll-live-wearer-searchlight',
    });
    this.#tail = svgElement('g', {
      fill: 'none',
      'stroke-width': String(TRACK_WIDTH_PX),
      'stroke-linecap': 'round',
    });
    // Under the positions, the line under the track, as the WebGL searchlight was drawn.
    svg.append(this.#searchlightLine, this.#tail);
    this.#root.append(svg, this.#viewer.element, this.#wearer.element);
    this.#root.style.display = 'none';
    parent.append(this.#root);
  }

  /** Draws `live` (null: nothing) at the map's camera now. */
  draw(live: LiveWearer | null): void {
    this.#live = live;
    this.reproject();
  }

  /** Draws the last wearer again at the map's camera now (after the camera moved). */
  reproject(): void {
    const live = this.#live;
    if (!live) {
      this.#root.style.display = 'none';
      return;
    }
    this.#root.style.display = '';
    const geometry = liveWearerGeometry(live, this.#map.project, this.#map.getBearing());
    geometry.tail.forEach((segment, i) => {
      let line = this.#segments[i];
      if (!line) {
        line = svgElement('line', {});
        this.#segments.push(line);
        this.#tail.append(line);
      }
      // Only what changed: a fix moves no segment but the newest (unless the camera moved).
      setIfChanged(line, 'x1', segment.x1.toFixed(1));
      setIfChanged(line, 'y1', segment.y1.toFixed(1));
      setIfChanged(line, 'x2', segment.x2.toFixed(1));
      setIfChanged(line, 'y2', segment.y2.toFixed(1));
      setIfChanged(line, 'stroke', segment.colour);
      if (line.style.display !== '') line.style.display = '';
    });
    for (let i = geometry.tail.length; i < this.#segments.length; i += 1) {
      const line = this.#segments[i];
      if (line && line.style.display !== 'none') line.style.display = 'none';
    }
    this.#wearer.draw(geometry, live.colour);
    const searchlight = live.searchlight ?? null;
    const viewer = searchlight === null ? null : geometry.viewer;
    this.#viewer.draw(viewer, searchlight?.colour ?? live.colour);
    const line = this.#searchlightLine;
    if (viewer === null || searchlight === null) {
      line.style.display = 'none';
    } else {
      const [r, g, b] = searchlight.colour;
      line.style.display = '';
      setIfChanged(line, 'x1', viewer.x.toFixed(1));
      setIfChanged(line, 'y1', viewer.y.toFixed(1));
      setIfChanged(line, 'x2', geometry.x.toFixed(1));
      setIfChanged(line, 'y2', geometry.y.toFixed(1));
      setIfChanged(line, 'stroke', cssColour([r, g, b, SEARCHLIGHT_LINE_ALPHA]));
    }
  }

  /** Takes the overlay off the map. */
  remove(): void {
    this.#root.remove();
  }
}
