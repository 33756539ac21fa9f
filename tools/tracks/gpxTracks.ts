import { gpx } from '@tmcw/togeojson';
import type { Document, Element } from '@xmldom/xmldom';
import type { Track } from './track';
import { toTrackPoints } from './trackPoints';
import { childElements, firstDescendant, numberOf, timeOf } from './xmlElements';
import {
  featureLines,
  rawPointsOfLines,
  type PointElements,
  type PointExtras,
} from './xmlTrackLines';

/** Whether a GPX point element has a position @tmcw/togeojson accepts (both attributes numbers). */
function hasPosition(point: Element): boolean {
  const lat = Number.parseFloat(point.getAttribute('lat') ?? '');
  const lon = Number.parseFloat(point.getAttribute('lon') ?? '');
  return !Number.isNaN(lat) && !Number.isNaN(lon);
}

/**
 * The point elements of each `trk` togeojson turns into a feature, line by line, found the way it
 * finds them: `trkseg` and `trkpt` by tag name, points with a position, segments of at least two such
 * points, tracks with at least one such segment.
 */
function trackPointElements(document: Document): PointElements[][] {
  const tracks: PointElements[][] = [];
  for (const track of Array.from(document.getElementsByTagName('trk'))) {
    const lines = Array.from(track.getElementsByTagName('trkseg'))
      .map((segment) => Array.from(segment.getElementsByTagName('trkpt')).filter(hasPosition))
      .filter((points) => points.length >= 2);
    if (lines.length > 0) tracks.push(lines);
  }
  return tracks;
}

/**
 * Time, speed and heart rate of a GPX `trkpt`: `time` (ISO 8601); `speed` in m/s (GPX 1.0's element,
 * or Garmin's TrackPointExtension v2 under `extensions`); heart rate from an `hr` or `heartrate`
 * element under `extensions`, matched by local name so `gpxtpx:hr` and `ns3:hr` both count.
 */
function gpxPointExtras(point: Element): PointExtras {
  const extensions = childElements(point, 'extensions')[0] ?? null;
  const speed =
    childElements(point, 'speed')[0] ??
    (extensions ? firstDescendant(extensions, 'speed') : null) ??
    null;
  return {
    timeMs: timeOf(childElements(point, 'time')[0] ?? null),
    speedMps: numberOf(speed),
    heartRateBpm: extensions ? numberOf(firstDescendant(extensions, 'hr', 'heartrate')) : null,
  };
}

/**
 * The tracks of a GPX document (issue 5 item 6): one per `trk` with timed positions, named by its
 * `name` (else `Track N`, counting from 1), sport from its `type` (else null), its segments joined in
 * time order. Positions and altitudes come from @tmcw/togeojson; time, speed and heart rate from the
 * DOM (see {@link rawPointsOfLines}). Routes and waypoints are not recordings and are ignored. Throws an
 * Error naming `fileName` when togeojson and the DOM walk disagree.
 */
export function gpxTracks(document: Document, fileName: string): Track[] {
  const features = gpx(document).features.filter((f) => f.properties?._gpxType === 'trk');
  const elements = trackPointElements(document);
  if (features.length !== elements.length) {
    throw new Error(`${fileName}: ${features.length} tracks read but ${elements.length} found`);
  }
  const tracks: Track[] = [];
  features.forEach((feature, index) => {
    const properties = feature.properties ?? {};
    const name = typeof properties.name === 'string' ? properties.name : `Track ${index + 1}`;
    const sport = typeof properties.type === 'string' ? properties.type : null;
    const where = `${fileName}: track ${name}`;
    const lines = featureLines(feature);
    const raw = rawPointsOfLines(lines, elements[index] ?? [], gpxPointExtras, where);
    const points = toTrackPoints(raw);
    if (points.length > 0) tracks.push({ name, sport, points });
  });
  return tracks;
}
