import { gunzipSync } from 'node:zlib';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FeatureCollection, MultiPolygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_LAND_PATH, basemapRoutes } from '../../../../server/routes/basemap';
import { lysefjordPaddleFixes, PLACES } from '../../../fixtures/geo/places';

type Land = FeatureCollection<MultiPolygon, { code: string; tier: string }> & {
  attribution: string;
};

let app: FastifyInstance;
let land: Land;

beforeAll(async () => {
  app = Fastify();
  await app.register(basemapRoutes);
  const res = await app.inject({ url: BASEMAP_LAND_PATH });
  land = res.json<Land>();
}, 30_000);

afterAll(() => app.close());

const onLand = ({ lat, lon }: { lat: number; lon: number }) =>
  land.features.some((feature) => booleanPointInPolygon([lon, lat], feature));

describe('GET /basemap/land.geojson', () => {
  it('is a FeatureCollection of land by country and tier with the OpenStreetMap attribution', () => {
    expect(land.type).toBe('FeatureCollection');
    expect(land.attribution).toBe('© OpenStreetMap contributors');
    expect(new Set(land.features.map((f) => f.properties.tier))).toEqual(
      new Set(['detail', 'europe', 'world']),
    );
    const norway = land.features.find((f) => f.properties.code === 'NO');
    expect(norway?.geometry.type).toBe('MultiPolygon');
  });

  it('draws the coastline finely enough for a fjord: Oslo on land, no fix of the real paddle on land', () => {
    expect(onLand(PLACES.oslo)).toBe(true);
    expect(onLand(PLACES.madrid)).toBe(true);
    expect(onLand(PLACES.northSeaOffshore)).toBe(false);
    const fixes = lysefjordPaddleFixes();
    expect(fixes.filter(onLand)).toEqual([]);
  });

  it('is sent gzip-encoded when accepted, with a strong ETag answered by 304', async () => {
    const zipped = await app.inject({
      url: BASEMAP_LAND_PATH,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/geo\+json/);
    const plain = await app.inject({ url: BASEMAP_LAND_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);

    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await app.inject({ url: BASEMAP_LAND_PATH, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
