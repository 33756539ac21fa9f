import type { Feature, Position } from 'geojson';
import type { Element } from '@xmldom/xmldom';
import type { RawTrackPoint } from './trackPoints';

/**
 * The point elements of one line (a GPX `trkseg`, a TCX `Track`) that @tmcw/togeojson turned into
 * coordinates, in the same order.
 */
export type PointElements = readonly Element[];

/** What a GPX or TCX reader takes from one point element besides its position (units of RawTrackPoint). */
export interface PointExtras {
  readonly timeMs: number | null;
  readonly speedMps: number | null;
  readonly heartRateBpm: number | null;
}

/** The lines of a togeojson LineString or MultiLineString feature (other geometries: none). */
export function featureLines(feature: Feature): Position[][] {
  const geometry = feature.geometry;
  if (geometry.type === 'LineString') return [geometry.coordinates];
  if (geometry.type === 'MultiLineString') return geometry.coordinates;
  return [];
}

/**
 * The raw points of one feature (checked and ordered later by trackPoints.ts): positions and
 * altitudes from togeojson's `lines` ([lon, lat, alt?] per point); time, speed and heart rate read
 * from the matching point `elements` by `extras`, because togeojson drops the times of points without
 * one (its times then no longer line up with the coordinates) and finds heart rate by element prefix
 * only. Throws an Error naming `where` when togeojson and the DOM walk disagree on the number of lines
 * or points (a file shape this reader does not handle), rather than pairing values with the wrong
 * points.
 */
export function rawPointsOfLines(
  lines: readonly Position[][],
  elements: readonly PointElements[],
  extras: (element: Element) => PointExtras,
  where: string,
): RawTrackPoint[] {
  if (lines.length !== elements.length) {
    throw new Error(`${where}: ${lines.length} lines read but ${elements.length} found`);
  }
  const raw: RawTrackPoint[] = [];
  lines.forEach((line, lineIndex) => {
    const lineElements = elements[lineIndex] ?? [];
    if (line.length !== lineElements.length) {
      throw new Error(`${where}: ${line.length} points read but ${lineElements.length} found`);
    }
    line.forEach(([lon, lat, alt], index) => {
      const element = lineElements[index];
      if (!element) return;
      raw.push({ lat: lat ?? null, lon: lon ?? null, altM: alt ?? null, ...extras(element) });
    });
  });
  return raw;
}
