// The detail region of the coastline extract: the grid cells that hold the partner countries' land or
// lie within a margin of it. Inside it the extract keeps every country's land at fine tolerance, so
// "on no land polygon" there really means water (docs/rescue-coverage.md "How the extract is built").
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

/** Mean Earth radius turf uses, km. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
/** Partner outlines are densified to this spacing, degrees (≈ 2 km), so no boundary stretch is missed. */
const DENSIFY_DEG = 0.02;

function polygonsOf(geometry) {
  if (!geometry) return [];
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/**
 * The cells of a `cellDeg` grid (aligned on 0° lat/lon) that contain land of `partners` or any point
 * within `marginKm` of it. A cell is kept when a boundary point of the (coarse) partner outline lies
 * in the cell grown by the margin (the longitude growth uses the poleward latitude, so it is never
 * too small), or when the cell's centre is on partner land (cells deep inland).
 * @param {{ features: Array<{ geometry: import('geojson').Polygon | import('geojson').MultiPolygon }> }} partners
 *   GeoJSON FeatureCollection of the partner countries, lon/lat degrees
 * @param {{ cellDeg: number, marginKm: number }} options grid size in degrees, margin in km
 * @returns {Array<{ south: number, west: number }>} the kept cells' south-west corners, degrees
 */
export function detailRegionCells(partners, { cellDeg, marginKm }) {
  const cells = new Map();
  const keep = (i, j) => cells.set(`${i}:${j}`, { south: i * cellDeg, west: j * cellDeg });
  const marginLatDeg = marginKm / KM_PER_DEGREE;
  const visit = (lon, lat) => {
    const poleward = Math.min(89, Math.abs(lat) + marginLatDeg);
    const marginLonDeg = marginKm / (KM_PER_DEGREE * Math.cos((poleward * Math.PI) / 180));
    const iMax = Math.floor((lat + marginLatDeg) / cellDeg);
    const jMax = Math.floor((lon + marginLonDeg) / cellDeg);
    for (let i = Math.floor((lat - marginLatDeg) / cellDeg); i <= iMax; i++) {
      for (let j = Math.floor((lon - marginLonDeg) / cellDeg); j <= jMax; j++) keep(i, j);
    }
  };
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const feature of partners.features) {
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const ring of polygon) {
        for (let k = 1; k < ring.length; k++) {
          const [[x0, y0], [x1, y1]] = [ring[k - 1], ring[k]];
          const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / DENSIFY_DEG));
          for (let s = 0; s < steps; s++)
            visit(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps);
          south = Math.min(south, y1);
          north = Math.max(north, y1);
          west = Math.min(west, x1);
          east = Math.max(east, x1);
        }
      }
    }
  }
  for (let i = Math.floor(south / cellDeg); i <= Math.floor(north / cellDeg); i++) {
    for (let j = Math.floor(west / cellDeg); j <= Math.floor(east / cellDeg); j++) {
      const centre = [(j + 0.5) * cellDeg, (i + 0.5) * cellDeg];
      if (partners.features.some((f) => f.geometry && booleanPointInPolygon(centre, f))) keep(i, j);
    }
  }
  return [...cells.values()].sort((a, b) => a.south - b.south || a.west - b.west);
}

/**
 * The cells as a GeoJSON FeatureCollection of square polygons (for mapshaper to dissolve and clip by).
 * @param {Array<{ south: number, west: number }>} cells south-west corners, degrees
 * @param {number} cellDeg cell size, degrees
 */
export function cellsToGeoJson(cells, cellDeg) {
  return {
    type: 'FeatureCollection',
    features: cells.map(({ south, west }) => ({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [west + cellDeg, south],
            [west + cellDeg, south + cellDeg],
            [west, south + cellDeg],
            [west, south],
          ],
        ],
      },
    })),
  };
}
