import type { Element } from '@xmldom/xmldom';

/*
 * Element lookups by local name, whatever prefix a file binds to the namespace: Garmin exports write
 * the same TrackPointExtension as `gpxtpx:hr` or `ns3:hr`, and @tmcw/togeojson only knows the first.
 */

const ELEMENT_NODE = 1;

/** The element children of `parent` whose local name is one of `names` (case-sensitive), in order. */
export function childElements(parent: Element, ...names: string[]): Element[] {
  const found: Element[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === ELEMENT_NODE && names.includes(node.localName ?? '')) {
      found.push(node as Element);
    }
  }
  return found;
}

/** The first descendant of `root` (depth first, document order) with one of the local `names`, or null. */
export function firstDescendant(root: Element, ...names: string[]): Element | null {
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    if (names.includes(element.localName ?? '')) return element;
    const inner = firstDescendant(element, ...names);
    if (inner) return inner;
  }
  return null;
}

/** The trimmed text of `element`, or null when it is absent or blank. */
export function textOf(element: Element | null): string | null {
  const text = element?.textContent?.trim();
  return text ? text : null;
}

/** The number in `element`'s text (`Number.parseFloat`), or null when absent or not a number. */
export function numberOf(element: Element | null): number | null {
  const text = textOf(element);
  if (text === null) return null;
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
}

/** Epoch ms of an ISO 8601 time in `element`'s text (GPX `time`, TCX `Time`), or null. */
export function timeOf(element: Element | null): number | null {
  const text = textOf(element);
  if (text === null) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
