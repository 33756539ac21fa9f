import { readFile } from 'node:fs/promises';
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { LocationPoint } from '../../src/api/entities/location';

/**
 * Reads the first track of a real GPX file (tests/fixtures/tracks) as contract location points:
 * Time epoch ms, X longitude and Y latitude in degrees, Alt m; Hacc and Speed unknown (null).
 */
export async function readGpxPoints(file: string): Promise<LocationPoint[]> {
  const xml = new DOMParser().parseFromString(await readFile(file, 'utf8'), 'text/xml');
  const collection = gpx(xml);
  const points: LocationPoint[] = [];
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (geometry.type !== 'LineString') continue;
    const times =
      (feature.properties?.coordinateProperties as { times?: string[] } | undefined)?.times ?? [];
    geometry.coordinates.forEach((coordinate, index) => {
      const time = times[index];
      if (!time) return;
      points.push({
        Time: Date.parse(time),
        X: coordinate[0] ?? 0,
        Y: coordinate[1] ?? 0,
        Alt: coordinate[2] ?? null,
        Hacc: null,
        Speed: null,
      });
    });
  }
  return points;
}
