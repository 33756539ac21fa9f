import { ARROW_PATH, ARROW_SIZE_PX, DOT_RADIUS_PX } from './layers/positionLayers';
import { cssColour, type MarkerGeometry } from './liveWearerGeometry';
import type { Rgba } from './trackAttributes';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element `name` with `attributes`. */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/**
 * A position's marker as DOM over a map (the live overlay's wearer and searchlight viewer,
 * liveWearerOverlay.ts), drawn as the WebGL position layers draw one (positionLayers.ts): the
 * accuracy circle, and an arrow turned to the heading or a dot without one, in a colour with a white
 * edge. It sits in a box moved by a composited CSS transform (class `ll-live-wearer-marker`, plus
 * `className`), so a new position re-rasterizes nothing.
 */
export class PositionMarkerElement {
  /** The marker's box, to append to the overlay. */
  readonly element: HTMLDivElement;
  readonly #accuracy: SVGCircleElement;
  readonly #turn: SVGGElement;
  readonly #arrow: SVGPathElement;
  readonly #dot: SVGCircleElement;
  #colour: Rgba | null = null;

  constructor(className: string) {
    this.#accuracy = svgElement('circle', { 'stroke-width': '1' });
    this.#arrow = svgElement('path', {
      d: ARROW_PATH,
      transform: `scale(${String(ARROW_SIZE_PX / 64)}) translate(-32 -32)`,
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
    const svg = svgElement('svg', { overflow: 'visible', width: '1', height: '1' });
    svg.append(this.#accuracy, this.#turn, this.#dot);
    this.element = document.createElement('div');
    this.element.className = `ll-live-wearer-marker ${className}`;
    this.element.append(svg);
  }

  /** Draws the marker at `geometry` (CSS px of the map's container) in `colour`; null hides it. */
  draw(geometry: MarkerGeometry | null, colour: Rgba): void {
    if (geometry === null) {
      this.element.style.display = 'none';
      return;
    }
    this.element.style.display = '';
    if (colour !== this.#colour) this.#paint(colour);
    if (geometry.accuracyPx === null) {
      this.#accuracy.style.display = 'none';
    } else {
      this.#accuracy.style.display = '';
      this.#accuracy.setAttribute('r', geometry.accuracyPx.toFixed(1));
    }
    this.#arrow.style.display = geometry.arrowDeg === null ? 'none' : '';
    this.#dot.style.display = geometry.arrowDeg === null ? '' : 'none';
    this.#turn.setAttribute('transform', `rotate(${(geometry.arrowDeg ?? 0).toFixed(1)})`);
    this.element.style.transform = `translate(${geometry.x.toFixed(1)}px, ${geometry.y.toFixed(1)}px)`;
  }

  #paint(colour: Rgba): void {
    this.#colour = colour;
    const [r, g, b] = colour;
    this.#accuracy.setAttribute('fill', cssColour([r, g, b, 40]));
    this.#accuracy.setAttribute('stroke', cssColour([r, g, b, 140]));
    const fill = cssColour(colour);
    this.#arrow.setAttribute('fill', fill);
    this.#dot.setAttribute('fill', fill);
  }
}
