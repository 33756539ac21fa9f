import { tcx } from '@tmcw/togeojson';
import type { Document, Element } from '@xmldom/xmldom';
import type { Track } from './track';
import { toTrackPoints, type RawTrackPoint } from './trackPoints';
import { childElements, firstDescendant, numberOf, textOf, timeOf } from './xmlElements';
import {
  featureLines,
  rawPointsOfLines,
  type PointElements,
  type PointExtras,
} from './xmlTrackLines';

/** One togeojson TCX feature's source: a `Lap` (of an `Activity`) or a whole `Courses` element. */
interface TcxUnit {
  readonly element: Element;
  readonly lines: PointElements[];
}

function firstNumber(point: Element, tagName: string): number {
  return Number.parseFloat(point.getElementsByTagName(tagName)[0]?.textContent ?? '');
}

/** Whether a `Trackpoint` has a position @tmcw/togeojson accepts (both degrees are numbers). */
function hasPosition(point: Element): boolean {
  return (
    !Number.isNaN(firstNumber(point, 'LongitudeDegrees')) &&
    !Number.isNaN(firstNumber(point, 'LatitudeDegrees'))
  );
}

/**
 * The lines of a `Lap` or `Courses` element as togeojson finds them: `Track` elements with at least
 * two `Trackpoint`s of which at least two have a position (those are the line's points).
 */
function unitLines(element: Element): PointElements[] {
  return Array.from(element.getElementsByTagName('Track'))
    .map((track) => Array.from(track.getElementsByTagName('Trackpoint')))
    .filter((points) => points.length >= 2)
    .map((points) => points.filter(hasPosition))
    .filter((points) => points.length >= 2);
}

/** The elements togeojson's `tcx` makes a feature of, in its order: laps, then `Courses` elements. */
function tcxUnits(document: Document): TcxUnit[] {
  const elements = [
    ...Array.from(document.getElementsByTagName('Lap')),
    ...Array.from(document.getElementsByTagName('Courses')),
  ];
  return elements
    .map((element) => ({ element, lines: unitLines(element) }))
    .filter((unit) => unit.lines.length > 0);
}

/** The nearest ancestor of `element` with local name `name`, or null. */
function ancestor(element: Element, name: string): Element | null {
  let node = element.parentNode;
  while (node !== null) {
    if (node.nodeType === 1 && node.localName === name) return node as Element;
    node = node.parentNode;
  }
  return null;
}

/**
 * Time, speed and heart rate of a TCX `Trackpoint`: `Time` (ISO 8601), heart rate from
 * `HeartRateBpm`/`Value`, speed in m/s from the ActivityExtension's `Speed` (all by local name).
 */
function tcxPointExtras(point: Element): PointExtras {
  const heartRate = firstDescendant(point, 'HeartRateBpm');
  const extensions = childElements(point, 'Extensions')[0] ?? null;
  return {
    timeMs: timeOf(childElements(point, 'Time')[0] ?? null),
    speedMps: extensions ? numberOf(firstDescendant(extensions, 'Speed')) : null,
    heartRateBpm: heartRate ? numberOf(firstDescendant(heartRate, 'Value') ?? heartRate) : null,
  };
}

/**
 * The tracks of a TCX document (issue 5 item 6): one per `Activity` (its laps joined in time order),
 * named by its `Id` (else `Activity N`, counting from 1), sport from its `Sport` attribute (`Running`,
 * `Biking`, `Other`); a `Courses` element gives one more track named by its first course's `Name`,
 * without sport. Positions and altitudes come from @tmcw/togeojson (one feature per lap); time, speed
 * and heart rate from the DOM (see {@link rawPointsOfLines}). Throws an Error naming `fileName` when
 * togeojson and the DOM walk disagree.
 */
export function tcxTracks(document: Document, fileName: string): Track[] {
  const features = tcx(document).features;
  const units = tcxUnits(document);
  if (features.length !== units.length) {
    throw new Error(`${fileName}: ${features.length} laps read but ${units.length} found`);
  }
  const groups = new Map<Element, { name: string; sport: string | null; raw: RawTrackPoint[] }>();
  features.forEach((feature, index) => {
    const unit = units[index];
    if (!unit) return;
    const activity = ancestor(unit.element, 'Activity');
    const owner = activity ?? unit.element;
    let group = groups.get(owner);
    if (!group) {
      const number = groups.size + 1;
      const name = activity
        ? (textOf(childElements(activity, 'Id')[0] ?? null) ?? `Activity ${number}`)
        : (textOf(firstDescendant(unit.element, 'Name')) ?? `Course ${number}`);
      group = { name, sport: activity?.getAttribute('Sport') || null, raw: [] };
      groups.set(owner, group);
    }
    const where = `${fileName}: lap ${index + 1}`;
    for (const point of rawPointsOfLines(
      featureLines(feature),
      unit.lines,
      tcxPointExtras,
      where,
    )) {
      group.raw.push(point);
    }
  });
  return Array.from(groups.values())
    .map(({ name, sport, raw }) => ({ name, sport, points: toTrackPoints(raw) }))
    .filter((track) => track.points.length > 0);
}
