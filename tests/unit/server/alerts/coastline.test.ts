import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { haversineMeters, type LatLon } from '../../../../src/api/geo/haversine';
import { minAngleToBoxRad, type BBox } from '../../../../server/geodata/boxDistance';
import {
  coastlineSource,
  countryAt,
  coverageOutlineRings,
  distanceToCountryKm,
  isOnLand,
  loadCoastline,
} from '../../../../server/geodata/coastline';
import { decodePolyline, decodeRing } from '../../../../server/geodata/polyline';
import { gpxTrackPoints, lysefjordPaddleFixes, PLACES } from '../../../fixtures/geo/places';

const EXTRACT = fileURLToPath(
  new URL('../../../../server/geodata/coastline-extract.json', import.meta.url),
);

describe('the coastline extract file', () => {
  it('is compact, attributed to OpenStreetMap under ODbL, and holds the three tiers', () => {
    expect(statSync(EXTRACT).size).toBeLessThan(3_000_000);
    expect(coastlineSource()).toMatchObject({
      package: '@geo-maps/countries-coastline-1m',
      version: '0.6.0',
      licence: 'ODbL-1.0',
      attribution: '© OpenStreetMap contributors',
    });
    const tiers = loadCoastline().extract.tiers.map(({ name, toleranceM }) => ({
      name,
      toleranceM,
    }));
    expect(tiers).toEqual([
      { name: 'detail', toleranceM: 20 },
      { name: 'europe', toleranceM: 300 },
      { name: 'world', toleranceM: 5000 },
    ]);
  });

  it('keeps every partner country and its land neighbours at full detail, by country code', () => {
    const detail = loadCoastline().extract.tiers.find((t) => t.name === 'detail');
    const codes = detail?.countries.map((c) => c.code) ?? [];
    for (const code of [
      'DE',
      'DK',
      'NL',
      'NO',
      'SE',
      'PL',
      'BE',
      'FR',
      'LU',
      'CH',
      'AT',
      'CZ',
      'FI',
      'RU',
    ]) {
      expect(codes).toContain(code);
    }
  });
});

describe('isOnLand and countryAt on real tracks', () => {
  it('puts every fix of the Lysefjord paddle on water (Natural Earth 1:10m puts 88.8 % on land)', () => {
    const fixes = lysefjordPaddleFixes();
    expect(fixes.length).toBeGreaterThanOrEqual(50);
    const onLand = fixes.filter(({ lat, lon }) => isOnLand(lat, lon));
    expect(onLand).toEqual([]);
    expect(new Set(fixes.map(({ lat, lon }) => countryAt(lat, lon)))).toEqual(new Set([null]));
  });

  it.each([
    ['multiday-hike-black-forest-de-3days.gpx', 'DE'],
    ['run-washington-dc-hr.gpx', 'US'],
  ])('puts every point of %s on the land of %s', (file, code) => {
    const points = gpxTrackPoints(file);
    expect(points.length).toBeGreaterThan(100);
    expect(new Set(points.map(({ lat, lon }) => countryAt(lat, lon)))).toEqual(new Set([code]));
    expect(points.every(({ lat, lon }) => isOnLand(lat, lon))).toBe(true);
  });

  it('puts every point of the Valencia regatta on water, off Spain', () => {
    const points = gpxTrackPoints('sail-valencia-regatta-ESP29375-race1.gpx');
    expect(points.length).toBeGreaterThan(1000);
    expect(points.filter(({ lat, lon }) => isOnLand(lat, lon))).toEqual([]);
    const { lat, lon } = points[0] as LatLon;
    expect(distanceToCountryKm(lat, lon, 'ES')).toBeGreaterThan(0.3);
    expect(distanceToCountryKm(lat, lon, 'ES')).toBeLessThan(3);
  });
});

describe('isOnLand and countryAt at known places', () => {
  it.each<[string, LatLon, string | null]>([
    ['Oslo', PLACES.oslo, 'NO'],
    ['Copenhagen outer harbour', PLACES.copenhagenHarbour, null],
    ['the Wadden Sea', PLACES.waddenSea, null],
    ['the North Sea 100 km offshore', PLACES.northSeaOffshore, null],
    ['Słubice, 5 km into Poland', PLACES.polandNearGermanBorder, 'PL'],
    ['Frankfurt (Oder)', PLACES.frankfurtOder, 'DE'],
    ['Büsingen, a German enclave in Switzerland', PLACES.buesingen, 'DE'],
    ['Longyearbyen on Svalbard', PLACES.longyearbyen, 'SJ'],
    ['Madrid', PLACES.madrid, 'ES'],
  ])('%s → %s', (_name, { lat, lon }, expected) => {
    expect(countryAt(lat, lon)).toBe(expected);
    expect(isOnLand(lat, lon)).toBe(expected !== null);
  });

  it.each([
    [91, 0],
    [-91, 0],
    [0, 181],
    [Number.NaN, 0],
  ])('rejects the position (%s, %s)', (lat, lon) => {
    expect(() => isOnLand(lat, lon)).toThrow(RangeError);
    expect(() => countryAt(lat, lon)).toThrow(RangeError);
  });
});

describe('distanceToCountryKm', () => {
  it('is 0 on the country and the border gap next to it', () => {
    const { lat, lon } = PLACES.polandNearGermanBorder;
    expect(distanceToCountryKm(PLACES.oslo.lat, PLACES.oslo.lon, 'NO')).toBe(0);
    expect(distanceToCountryKm(lat, lon, 'PL')).toBe(0);
    const toGermany = distanceToCountryKm(lat, lon, 'DE');
    expect(toGermany).toBeGreaterThan(4);
    expect(toGermany).toBeLessThan(6);
  });

  it('never exceeds the distance to a known point of that land', () => {
    const { lat, lon } = PLACES.northSeaOffshore;
    const toNetherlands = distanceToCountryKm(lat, lon, 'NL');
    expect(toNetherlands).toBeGreaterThan(90);
    expect(toNetherlands).toBeLessThan(
      haversineMeters(PLACES.northSeaOffshore, PLACES.denHelder) / 1000,
    );
  });

  it('answers Infinity beyond the cutoff and the distance within it', () => {
    const { lat, lon } = PLACES.offJutland19Km;
    const exact = distanceToCountryKm(lat, lon, 'DK');
    expect(exact).toBeGreaterThan(18);
    expect(exact).toBeLessThan(20);
    expect(distanceToCountryKm(lat, lon, 'DK', 22.224)).toBe(exact);
    expect(distanceToCountryKm(lat, lon, 'DK', 10)).toBe(Infinity);
  });

  it('rejects a country with no land in the extract', () => {
    expect(() => distanceToCountryKm(0, 0, 'XX')).toThrow(RangeError);
  });
});

describe('coverageOutlineRings', () => {
  it('gives each partner closed rings that hold its land and some sea', () => {
    for (const code of ['DE', 'DK', 'NL', 'NO']) {
      const rings = coverageOutlineRings(code);
      expect(rings.length).toBeGreaterThan(0);
      for (const ring of rings) expect(ring.at(-1)).toEqual(ring[0]);
    }
    expect(coverageOutlineRings('ES')).toEqual([]);
  });
});

describe('polyline decoding', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });

  it('closes a ring and rejects broken input', () => {
    expect(decodeRing('_p~iF~ps|U_ulLnnqC_mqNvxq`@').at(-1)).toEqual([-120.2, 38.5]);
    expect(() => decodeRing('_p~iF~ps|U')).toThrow('at least 3');
    expect(() => decodePolyline('_p~iF~ps|')).toThrow('ends inside a value');
    expect(() => decodePolyline('_p~iF ps|U')).toThrow('Invalid polyline character');
  });
});

describe('minAngleToBoxRad', () => {
  // A fixed pseudo-random walk over points and boxes, so a failure reproduces.
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const cases = Array.from({ length: 300 }, () => {
    const west = random() * 340 - 170;
    const south = random() * 160 - 80;
    const box: BBox = [west, south, west + random() * 10, south + random() * 10];
    return { box, lat: random() * 170 - 85, lon: random() * 360 - 180 };
  });

  it('never exceeds the great-circle angle to any point of the box', () => {
    for (const { box, lat, lon } of cases) {
      const bound = minAngleToBoxRad(box, lat, lon);
      for (let i = 0; i <= 4; i++) {
        for (let j = 0; j <= 4; j++) {
          const corner = {
            lat: box[1] + ((box[3] - box[1]) * i) / 4,
            lon: box[0] + ((box[2] - box[0]) * j) / 4,
          };
          const angle = haversineMeters({ lat, lon }, corner) / 6_372_800;
          expect(bound).toBeLessThanOrEqual(angle + 1e-12);
        }
      }
    }
  });

  it('is 0 inside the box and positive outside it', () => {
    expect(minAngleToBoxRad([5, 55, 6, 56], 55.5, 5.5)).toBe(0);
    expect(minAngleToBoxRad([5, 55, 6, 56], 57, 5.5)).toBeCloseTo((Math.PI / 180) * 1, 12);
    expect(minAngleToBoxRad([179, 0, 180, 1], 0.5, -179.5)).toBeGreaterThan(0);
    expect(minAngleToBoxRad([179, 0, 180, 1], 0.5, -179.5)).toBeLessThan((Math.PI / 180) * 0.6);
  });
});
