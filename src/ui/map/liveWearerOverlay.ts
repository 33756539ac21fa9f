import { ARROW_PATH, ARROW_SIZE_PX, DOT_RADIUS_PX } from './layers/positionLayers';
import { TRACK_WIDTH_PX } from './layers/trackLayers';
import { cssColour, liveWearerGeometry, type LiveWearer, type Project } from './liveWearerGeometry';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What the overlay needs of the map (maplibregl.Map has all of it). */
export interface LiveOverlayMap {
  project: Project;
  getBearing(): number;
}

function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** Sets `name` to `value` unless it has that value: an unchanged segment is not painted again. */
function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * The live wearer drawn as DOM over a map's canvas (docs/share-viewing.md "Map: a fix moves the
 * wearer, not the map"): an SVG the size of the map holding the tail's segments (the newest points,
 * coloured by speed), the accuracy circle and the wearer's arrow (or a dot without a heading), in
 * the wearer's colour, as the WebGL position layers draw them. A new fix changes a few attributes;
 * the map's WebGL canvas is not drawn again. `draw` after every fix, `reproject` after every camera
 * move (MapLibre's `move`, in the same frame as the map's render). Not pickable: pointer input goes
 * through to the map.
 */
export class LiveWearerOverlay {
  readonly #root: HTMLDivElement;
  readonly #svg: SVGSVGElement;
  readonly #tail: SVGGElement;
  readonly #segments: SVGLineElement[] = [];
  readonly #accuracy: SVGCircleElement;
  readonly #marker: HTMLDivElement;
  readonly #markerSvg: SVGSVGElement;
  readonly #turn: SVGGElement;
  readonly #arrow: SVGPathElement;
  readonly #dot: SVGCircleElement;
  readonly #map: LiveOverlayMap;
  #live: LiveWearer | null = null;

  /** Adds the overlay (empty) to `parent`, the map's canvas container, drawn over the canvas. */
  constructor(parent: HTMLElement, map: LiveOverlayMap) {
    this.#map = map;
    this.#root = document.createElement('div');
    this.#root.className = 'll-live-wearer';
    this.#root.setAttribute('aria-hidden', 'true');
    this.#svg = svgElement('svg', { class: 'll-live-wearer-tail' });
    this.#tail = svgElement('g', {
      fill: 'none',
      'stroke-width': String(TRACK_WIDTH_PX),
      'stroke-linecap': 'round',
    });
    this.#accuracy = svgElement('circle', { 'stroke-width': '1' });
    const scale = ARROW_SIZE_PX / 64;
    this.#arrow = svgElement('path', {
      d: ARROW_PATH,
      transform: `scale(${String(scale)}) translate(-32 -32)`,
      stroke: 'white',
      'stroke-width': '5',
      'stroke-linejoin': 'round',
    });
    this.#dot = svgElement('circle', {
      r: String(DOT_RADIUS_PX),
      stroke: 'white',
      'stroke-width': '2',
    });
    this.#turn = svgElement('g', {});
    this.#turn.append(this.#arrow);
    // One px, its drawing overflowing it around (0, 0): an SVG of width or height 0 draws nothing.
    this.#markerSvg = svgElement('svg', { overflow: 'visible', width: '1', height: '1' });
    this.#markerSvg.append(this.#accuracy, this.#turn, this.#dot);
    // The marker moves by its own composited transform: a fix re-rasterizes nothing of the map.
    this.#marker = document.createElement('div');
    this.#marker.className = 'll-live-wearer-marker';
    this.#marker.append(this.#markerSvg);
    this.#svg.append(this.#tail);
    this.#root.append(this.#svg, this.#marker);
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
    const [r, g, b] = live.colour;
    const x = geometry.x.toFixed(1);
    const y = geometry.y.toFixed(1);
    if (geometry.accuracyPx === null) {
      this.#accuracy.style.display = 'none';
    } else {
      this.#accuracy.style.display = '';
      this.#accuracy.setAttribute('r', geometry.accuracyPx.toFixed(1));
      this.#accuracy.setAttribute('fill', cssColour([r, g, b, 40]));
      this.#accuracy.setAttribute('stroke', cssColour([r, g, b, 140]));
    }
    const fill = cssColour(live.colour);
    this.#arrow.setAttribute('fill', fill);
    this.#dot.setAttribute('fill', fill);
    this.#arrow.style.display = geometry.arrowDeg === null ? 'none' : '';
    this.#dot.style.display = geometry.arrowDeg === null ? '' : 'none';
    this.#turn.setAttribute('transform', `rotate(${(geometry.arrowDeg ?? 0).toFixed(1)})`);
    this.#marker.style.transform = `translate(${x}px, ${y}px)`;
  }

  /** Takes the overlay off the map. */
  remove(): void {
    this.#root.remove();
  }
}
