#!/usr/bin/env node
// Builds server/geodata/coastline-extract.json, the land polygons the server uses for rescue coverage
// and on-water detection (policy-and-vocabulary.md §1 "Alert and rescue routing policy";
// docs/rescue-coverage.md), from the OSM-derived country polygons of @geo-maps/countries-coastline-1m.
//
// Reproduce (from the repository root; the tarball is the npm package @geo-maps/countries-coastline-1m@0.6.0):
//   mkdir -p /tmp/geo && cd /tmp/geo && npm pack @geo-maps/countries-coastline-1m@0.6.0 \
//     && tar xzf geo-maps-countries-coastline-1m-0.6.0.tgz && cd -
//   npm exec --yes --package=mapshaper@0.6.121 -- \
//     node scripts/geodata/build-coastline-extract.mjs /tmp/geo/package/map.geo.json
// Optional second argument: the output path (default server/geodata/coastline-extract.json).
//
// Three tiers, disjoint by construction, each a list of countries with their polygons:
//   detail — the 0.5° cells within 50 km of DE, DK, NL, NO land: every country's land there, at 20 m
//            (Douglas-Peucker), so fjords stay water and "on no land polygon" means water;
//   europe — the rest of lon -32..45, lat 27..73 at 300 m, islands under 1 km² dropped;
//   world  — everything else at 5 km, islands under 50 km² dropped.
// Plus each partner country's coverage outline for display (land + 22.224 km of sea, minus other
// countries' land, simplified to 5 km). Rings are encoded polylines (precision 1e-5°), a polygon's
// rings joined by one space; the file is Prettier-formatted so `prettier --check` accepts it as is.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { cellsToGeoJson, detailRegionCells } from './detailRegion.mjs';
import { ISO_ALPHA3_TO_ALPHA2 } from './isoAlpha3ToAlpha2.mjs';
import { mapshaper, mapshaperVersion } from './mapshaper.mjs';
import { encodePolyline, POLYLINE_PRECISION, quantizeRing } from './polyline.mjs';

const SOURCE = {
  package: '@geo-maps/countries-coastline-1m',
  version: '0.6.0',
  file: 'map.geo.json',
  data: 'OpenStreetMap (coastline and admin_level=2 boundaries), processed by geo-maps',
  licence: 'ODbL-1.0',
  licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
  attribution: '© OpenStreetMap contributors',
};
/** Partner countries (policy §1), by the source's `A3` property. */
const PARTNER_A3 = ['DEU', 'DNK', 'NLD', 'NOR'];
/** Where the partners' European land is; drops overseas parts (Svalbard, Jan Mayen, Caribbean). */
const PARTNER_BBOX = [2, 46.5, 33, 72];
const REGION = { cellDeg: 0.5, marginKm: 50 };
const EUROPE_BBOX = [-32, 27, 45, 73];
const TIERS = [
  { name: 'detail', toleranceM: 20, minIslandKm2: 0 },
  { name: 'europe', toleranceM: 300, minIslandKm2: 1 },
  { name: 'world', toleranceM: 5000, minIslandKm2: 50 },
];
/** Territorial sea, 12 nautical miles in km (UNCLOS art. 3); same as server/alerts/rescueOrganisations.ts. */
const TERRITORIAL_SEA_KM = 22.224;
const OUTLINE = { landToleranceM: 1000, othersToleranceM: 500, toleranceM: 5000, minAreaKm2: 20 };

const [input, output = 'server/geodata/coastline-extract.json'] = process.argv.slice(2);
if (!input) {
  console.error(
    'usage: node scripts/geodata/build-coastline-extract.mjs <path/to/map.geo.json> [output.json]',
  );
  process.exit(2);
}

function polygonsOf(geometry) {
  if (!geometry) return [];
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** A polygon as one string: its rings' encoded polylines joined by spaces; null when degenerate. */
function encodePolygon(polygon) {
  const [outer, ...holes] = polygon.map(quantizeRing);
  if (outer.length < 3) return null;
  return [outer, ...holes.filter((ring) => ring.length >= 3)].map(encodePolyline).join(' ');
}

/** The tier's countries, sorted by code, each with its encoded polygons. */
function encodeTier(geojson) {
  const byA3 = new Map();
  for (const feature of geojson.features) {
    const a3 = feature.properties.A3;
    const a2 = ISO_ALPHA3_TO_ALPHA2[a3];
    if (!a2) throw new Error(`No alpha-2 code for ${a3}`);
    const entry = byA3.get(a3) ?? { code: a2, a3, polygons: [] };
    for (const polygon of polygonsOf(feature.geometry)) {
      const encoded = encodePolygon(polygon);
      if (encoded) entry.polygons.push(encoded);
    }
    if (entry.polygons.length > 0) byA3.set(a3, entry);
  }
  return [...byA3.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** Planar area of a ring of `[lonE5, latE5]`, scaled by cos(latitude): only for ranking, deg². */
function ringAreaDeg2(ring) {
  if (ring.length < 3) return 0;
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  const meanLat = ring.reduce((sum, p) => sum + p[1], 0) / ring.length / 1e5;
  return (Math.abs(twice) / 2e10) * Math.cos((meanLat * Math.PI) / 180);
}

/**
 * The source lists an overseas territory both on its own and inside its sovereign's feature (Svalbard
 * in SJM and NOR, Bonaire in BES and NLD, Åland in ALA and FIN …). A polygon listed for several
 * countries of a tier is kept only for the one with the smallest land area: the territory.
 */
function dropDuplicatePolygons(tiers, areaOf) {
  for (const tier of tiers) {
    const owner = new Map();
    for (const country of tier.countries) {
      for (const polygon of country.polygons) {
        const current = owner.get(polygon);
        if (!current || areaOf.get(country.a3) < areaOf.get(current))
          owner.set(polygon, country.a3);
      }
    }
    for (const country of tier.countries) {
      country.polygons = country.polygons.filter((polygon) => owner.get(polygon) === country.a3);
    }
    tier.countries = tier.countries.filter((country) => country.polygons.length > 0);
  }
}

async function readGeoJson(file) {
  return JSON.parse(await readFile(file, 'utf8'));
}

const work = await mkdtemp(path.join(tmpdir(), 'coastline-extract-'));
const tmp = (name) => path.join(work, name);
try {
  const version = mapshaperVersion();
  const partnerFilter = `${JSON.stringify(PARTNER_A3)}.indexOf(A3) > -1`;

  mapshaper([
    '-i',
    input,
    '-filter',
    partnerFilter,
    '-clip',
    `bbox=${PARTNER_BBOX.join(',')}`,
    '-simplify',
    'dp',
    'interval=1000',
    'keep-shapes',
    '-o',
    tmp('partners.json'),
    'format=geojson',
  ]);
  const cells = detailRegionCells(await readGeoJson(tmp('partners.json')), REGION);
  await writeFile(tmp('cells.json'), JSON.stringify(cellsToGeoJson(cells, REGION.cellDeg)));
  mapshaper(['-i', tmp('cells.json'), '-dissolve', '-o', tmp('region.json'), 'format=geojson']);
  const regionSouth = Math.min(...cells.map((c) => c.south));
  const regionNorth = Math.max(...cells.map((c) => c.south)) + REGION.cellDeg;
  const regionWest = Math.min(...cells.map((c) => c.west));
  const regionEast = Math.max(...cells.map((c) => c.west)) + REGION.cellDeg;
  if (
    regionWest < EUROPE_BBOX[0] ||
    regionSouth < EUROPE_BBOX[1] ||
    regionEast > EUROPE_BBOX[2] ||
    regionNorth > EUROPE_BBOX[3]
  ) {
    throw new Error('The detail region must lie inside the europe tier box');
  }

  const [detail, europe, world] = TIERS;
  mapshaper([
    '-i',
    input,
    '-clip',
    tmp('region.json'),
    '-simplify',
    'dp',
    `interval=${detail.toleranceM}`,
    'keep-shapes',
    '-o',
    tmp('detail.json'),
    'format=geojson',
  ]);
  mapshaper([
    '-i',
    input,
    '-clip',
    `bbox=${EUROPE_BBOX.join(',')}`,
    '-erase',
    tmp('region.json'),
    '-filter-islands',
    `min-area=${europe.minIslandKm2}km2`,
    '-simplify',
    'dp',
    `interval=${europe.toleranceM}`,
    'keep-shapes',
    '-o',
    tmp('europe.json'),
    'format=geojson',
  ]);
  mapshaper([
    '-i',
    input,
    '-erase',
    `bbox=${EUROPE_BBOX.join(',')}`,
    '-filter-islands',
    `min-area=${world.minIslandKm2}km2`,
    '-simplify',
    'dp',
    `interval=${world.toleranceM}`,
    'keep-shapes',
    '-o',
    tmp('world.json'),
    'format=geojson',
  ]);

  const coverageOutlines = {};
  for (const a3 of PARTNER_A3) {
    const own = `A3 == ${JSON.stringify(a3)}`;
    mapshaper([
      '-i',
      tmp('detail.json'),
      'name=land',
      '-filter',
      `!(${own})`,
      '+',
      'name=others',
      'target=land',
      '-simplify',
      'dp',
      `interval=${OUTLINE.othersToleranceM}`,
      'target=others',
      '-filter',
      own,
      '+',
      'name=own',
      'target=land',
      '-simplify',
      'dp',
      `interval=${OUTLINE.landToleranceM}`,
      'target=own',
      '-buffer',
      `${TERRITORIAL_SEA_KM * 1000}`,
      'target=own',
      '-erase',
      'others',
      'target=own',
      '-dissolve',
      'target=own',
      '-simplify',
      'dp',
      `interval=${OUTLINE.toleranceM}`,
      'target=own',
      '-filter-islands',
      `min-area=${OUTLINE.minAreaKm2}km2`,
      'target=own',
      '-o',
      tmp(`outline-${a3}.json`),
      'format=geojson',
      'target=own',
    ]);
    const outline = await readGeoJson(tmp(`outline-${a3}.json`));
    const features = outline.features ?? outline.geometries.map((g) => ({ geometry: g }));
    // Outer rings only: the display outline has no holes (RescueRegion is one closed ring).
    coverageOutlines[ISO_ALPHA3_TO_ALPHA2[a3]] = features
      .flatMap((f) => polygonsOf(f.geometry))
      .map((polygon) => quantizeRing(polygon[0]))
      .filter((ring) => ring.length >= 3)
      .sort((a, b) => b.length - a.length)
      .map(encodePolyline);
  }

  const extract = {
    format: 'lifeline-coastline-extract/1',
    source: SOURCE,
    build: {
      script: 'scripts/geodata/build-coastline-extract.mjs',
      mapshaper: version,
      simplification: 'Douglas-Peucker (mapshaper -simplify dp keep-shapes), interval = toleranceM',
      polylinePrecision: POLYLINE_PRECISION,
      detailRegion: { ...REGION, partners: PARTNER_A3, cells: cells.length },
      europeBbox: EUROPE_BBOX,
      coverageOutline: { territorialSeaKm: TERRITORIAL_SEA_KM, ...OUTLINE },
    },
    tiers: [],
    coverageOutlines,
  };
  const areaOf = new Map();
  for (const tier of TIERS) {
    const geojson = await readGeoJson(tmp(`${tier.name}.json`));
    for (const feature of geojson.features) {
      const area = polygonsOf(feature.geometry).reduce(
        (sum, polygon) => sum + ringAreaDeg2(quantizeRing(polygon[0])),
        0,
      );
      areaOf.set(feature.properties.A3, (areaOf.get(feature.properties.A3) ?? 0) + area);
    }
    extract.tiers.push({ ...tier, countries: encodeTier(geojson) });
  }
  dropDuplicatePolygons(extract.tiers, areaOf);

  const config = await resolveConfig(path.resolve(output));
  const text = await format(JSON.stringify(extract), { ...config, filepath: output });
  await writeFile(output, text);
  console.log(
    `Wrote ${output}: ${(text.length / 1e6).toFixed(2)} MB, ${cells.length} detail cells; ` +
      extract.tiers
        .map(
          (t) =>
            `${t.name} ${t.countries.length} countries ${t.countries.reduce((n, c) => n + c.polygons.length, 0)} polygons`,
        )
        .join('; '),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
