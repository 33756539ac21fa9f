import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { pointToLineDistance } from '@turf/point-to-line-distance';
import type { LineString, Polygon } from 'geojson';
import { EARTH_RADIUS_M } from '../../src/api/geo/haversine';
import { boxContains, boxMinCos, latitudeGapRad, minAngleToBoxRad, type BBox } from './boxDistance';
import type { CoastlineExtract } from './coastlineExtract';
import { decodeRing, type LonLat } from './polyline';

/** One land polygon of the extract, with what the point queries need. */
export interface LandPolygon {
  /** ISO 3166-1 alpha-2 code of the country the polygon belongs to. */
  readonly countryCode: string;
  readonly bbox: BBox;
  readonly geometry: Polygon;
  /** Planar area in degrees² scaled by cos(latitude): only for choosing the smallest of overlaps. */
  readonly areaDeg2: number;
}

/** A run of at most {@link CHUNK_SEGMENTS} boundary segments with its (bulge-padded) box. */
interface BoundaryChunk {
  readonly bbox: BBox;
  /** {@link boxMinCos} of `bbox`. */
  readonly minCos: number;
  readonly line: LineString;
}

/** Land polygons of the extract, indexed for point-in-land and distance-to-country queries. */
export interface LandIndex {
  /**
   * The polygons containing the point, smallest first (an enclave before the country around it).
   * @param lat latitude, degrees; @param lon longitude, degrees
   */
  polygonsAt(lat: number, lon: number): readonly LandPolygon[];
  /**
   * Great-circle distance in km (Earth radius 6372.8 km, application-behaviour §9) from the point to
   * the nearest land of `countryCode`; 0 when the point is on it. With `cutoffKm`, the search stops
   * as soon as the land is known to be farther than that and answers `Infinity`.
   * @throws {RangeError} when the extract has no land of `countryCode`
   */
  distanceToCountryKm(lat: number, lon: number, countryCode: string, cutoffKm?: number): number;
}

const CHUNK_SEGMENTS = 8;
const GRID_DEG = 1;
const RAD = Math.PI / 180;
const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000;

function ringBox(ring: readonly LonLat[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of ring) {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  }
  return box;
}

function ringAreaDeg2(ring: readonly LonLat[], meanLat: number): number {
  let twice = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1] as LonLat;
    const [x1, y1] = ring[i] as LonLat;
    twice += (x0 - x1) * (y0 + y1);
  }
  return (Math.abs(twice) / 2) * Math.cos(meanLat * RAD);
}

/**
 * Splits a closed ring into chunks of consecutive segments. A great-circle segment of angular length
 * θ near latitude φ rises at most about θ²·tan|φ|/8 rad poleward of its end points (the most along a
 * parallel), so each chunk's box is padded by that, with a margin, in latitude (longitude stays
 * between the end points) and {@link minAngleToBoxRad} stays a lower bound.
 */
function chunksOf(ring: readonly LonLat[]): BoundaryChunk[] {
  const chunks: BoundaryChunk[] = [];
  for (let start = 0; start < ring.length - 1; start += CHUNK_SEGMENTS) {
    const line = ring.slice(start, Math.min(ring.length, start + CHUNK_SEGMENTS + 1));
    let bulgeDeg = 0;
    for (let i = 1; i < line.length; i++) {
      const [x0, y0] = line[i - 1] as LonLat;
      const [x1, y1] = line[i] as LonLat;
      const theta = Math.hypot((x1 - x0) * Math.cos(((y0 + y1) / 2) * RAD), y1 - y0) * RAD;
      const tan = Math.max(1, Math.tan(Math.min(89, Math.max(Math.abs(y0), Math.abs(y1))) * RAD));
      bulgeDeg = Math.max(bulgeDeg, (theta * theta * tan) / 8 / RAD);
    }
    const [west, south, east, north] = ringBox(line);
    const pad = bulgeDeg * 1.5 + 1e-9;
    const bbox: BBox = [west, south - pad, east, north + pad];
    chunks.push({ bbox, minCos: boxMinCos(bbox), line: { type: 'LineString', coordinates: line } });
  }
  return chunks;
}

function gridKey(latCell: number, lonCell: number): number {
  return latCell * 1000 + lonCell;
}

/**
 * Decodes every tier of the extract into polygons and indexes them: a 1° grid of the polygons whose
 * box touches each cell (point queries test only those, then their box, then turf's point-in-polygon)
 * and, per country, the boundary in chunks for a nearest-first distance search.
 * @throws {Error} when a ring of the extract cannot be decoded
 */
export function buildLandIndex(extract: CoastlineExtract): LandIndex {
  const grid = new Map<number, LandPolygon[]>();
  const chunksByCountry = new Map<string, BoundaryChunk[]>();
  for (const tier of extract.tiers) {
    for (const country of tier.countries) {
      const chunks = chunksByCountry.get(country.code) ?? [];
      for (const encoded of country.polygons) {
        const rings = encoded.split(' ').map(decodeRing);
        const outer = rings[0] as LonLat[];
        const bbox = ringBox(outer);
        const polygon: LandPolygon = {
          countryCode: country.code,
          bbox,
          geometry: { type: 'Polygon', coordinates: rings },
          areaDeg2: ringAreaDeg2(outer, (bbox[1] + bbox[3]) / 2),
        };
        for (const ring of rings) for (const chunk of chunksOf(ring)) chunks.push(chunk);
        for (let i = Math.floor(bbox[1] / GRID_DEG); i <= Math.floor(bbox[3] / GRID_DEG); i++) {
          for (let j = Math.floor(bbox[0] / GRID_DEG); j <= Math.floor(bbox[2] / GRID_DEG); j++) {
            const key = gridKey(i, j);
            const cell = grid.get(key);
            if (cell) cell.push(polygon);
            else grid.set(key, [polygon]);
          }
        }
      }
      chunksByCountry.set(country.code, chunks);
    }
  }

  const polygonsAt = (lat: number, lon: number): LandPolygon[] => {
    const cell = grid.get(gridKey(Math.floor(lat / GRID_DEG), Math.floor(lon / GRID_DEG))) ?? [];
    return cell
      .filter((p) => boxContains(p.bbox, lat, lon) && booleanPointInPolygon([lon, lat], p.geometry))
      .sort((a, b) => a.areaDeg2 - b.areaDeg2);
  };

  const distanceToCountryKm = (
    lat: number,
    lon: number,
    countryCode: string,
    cutoffKm = Infinity,
  ): number => {
    const chunks = chunksByCountry.get(countryCode);
    if (!chunks) throw new RangeError(`The coastline extract has no land of ${countryCode}`);
    if (polygonsAt(lat, lon).some((p) => p.countryCode === countryCode)) return 0;
    const cutoffRad = cutoffKm / EARTH_RADIUS_KM;
    const candidates: { chunk: BoundaryChunk; bound: number }[] = [];
    for (const chunk of chunks) {
      if (latitudeGapRad(chunk.bbox, lat) > cutoffRad) continue;
      const bound = minAngleToBoxRad(chunk.bbox, lat, lon, chunk.minCos);
      if (bound <= cutoffRad) candidates.push({ chunk, bound });
    }
    candidates.sort((a, b) => a.bound - b.bound);
    let bestRad = Infinity;
    for (const { chunk, bound } of candidates) {
      if (bound >= bestRad) break;
      const deg = pointToLineDistance([lon, lat], chunk.line, { units: 'degrees' });
      bestRad = Math.min(bestRad, deg * RAD);
    }
    return bestRad <= cutoffRad ? bestRad * EARTH_RADIUS_KM : Infinity;
  };

  return { polygonsAt, distanceToCountryKm };
}
