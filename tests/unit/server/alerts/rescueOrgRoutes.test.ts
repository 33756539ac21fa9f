import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescueOrgs } from '../../../../src/api/calls/memberIntegrationPublic';
import { createMemberIntegrationPublicClient } from '../../../../src/api/client/apiClients';
import type { RescueOrg, RescueRegion } from '../../../../src/api/entities/domain';
import type { LatLon } from '../../../../src/api/geo/haversine';
import { PLACES } from '../../../fixtures/geo/places';
import { buildTestServer, createTestDatabase, type TestDatabase } from '../testServer';

const URL_PATH = '/api/member-integration-public/rescue-orgs';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function post(body: unknown): Promise<{ status: number; json: unknown; bytes: number }> {
  const res = await app.inject({ method: 'POST', url: URL_PATH, payload: body as object });
  return { status: res.statusCode, json: res.json(), bytes: res.body.length };
}

function inRegions(regions: readonly RescueRegion[], { lat, lon }: LatLon): boolean {
  return regions.some((region) =>
    booleanPointInPolygon([lon, lat], {
      type: 'Polygon',
      coordinates: [region.Polygon.map(({ X, Y }) => [X, Y])],
    }),
  );
}

describe('POST rescue-orgs', () => {
  it('lists every partner organisation for an empty CountryCodes, through the typed client', async () => {
    const api = createMemberIntegrationPublicClient(origin);
    const { RescueOrgs } = await api.call(rescueOrgs, { CountryCodes: [], IncludeRegions: false });
    expect(RescueOrgs).toEqual([
      { RescueOrgCode: 'RESCUE_DE', Name: 'Rescue partner Germany', CountryCodes: ['DE'] },
      { RescueOrgCode: 'RESCUE_DK', Name: 'Rescue partner Denmark', CountryCodes: ['DK'] },
      { RescueOrgCode: 'RESCUE_NL', Name: 'Rescue partner Netherlands', CountryCodes: ['NL'] },
      { RescueOrgCode: 'RESCUE_NO', Name: 'Rescue partner Norway', CountryCodes: ['NO'] },
    ]);
  });

  it.each<[object, string[]]>([
    [{ CountryCodes: ['NO', 'SE'] }, ['RESCUE_NO']],
    [{ CountryCodes: ['DK', 'NL'] }, ['RESCUE_DK', 'RESCUE_NL']],
    [{ CountryCodes: ['ES', 'UK'] }, []],
    [{ CountryCodes: [], RescueOrgCode: 'RESCUE_DK' }, ['RESCUE_DK']],
    [{ CountryCodes: ['DK'], RescueOrgCode: 'RESCUE_DK' }, ['RESCUE_DK']],
    [{ CountryCodes: ['NO'], RescueOrgCode: 'RESCUE_DK' }, []],
    [{ CountryCodes: [], RescueOrgCode: 'RESCUE_SE' }, []],
    [{ CountryCodes: ['DE'], RescueOrgCode: null }, ['RESCUE_DE']],
  ])('filters %j to %j', async (filter, codes) => {
    const { status, json } = await post({ IncludeRegions: false, ...filter });
    expect(status).toBe(200);
    const orgs = (json as { RescueOrgs: RescueOrg[] }).RescueOrgs;
    expect(orgs.map((o) => o.RescueOrgCode)).toEqual(codes);
    expect(orgs.every((o) => o.Regions === undefined)).toBe(true);
  });

  it.each<[string, LatLon, LatLon]>([
    ['RESCUE_NO', PLACES.oslo, PLACES.northSeaOffshore],
    ['RESCUE_DK', PLACES.copenhagenHarbour, PLACES.polandNearGermanBorder],
    ['RESCUE_NL', PLACES.waddenSea, PLACES.northSeaOffshore],
    ['RESCUE_DE', PLACES.frankfurtOder, PLACES.polandNearGermanBorder],
  ])(
    'gives %s small closed coverage rings holding its land and sea, not beyond',
    async (code, inside, outside) => {
      const { status, json, bytes } = await post({
        CountryCodes: [],
        IncludeRegions: true,
        RescueOrgCode: code,
      });
      expect(status).toBe(200);
      const [org] = (json as { RescueOrgs: RescueOrg[] }).RescueOrgs;
      const regions = org?.Regions ?? [];
      expect(regions.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(8_000);
      for (const [i, region] of regions.entries()) {
        expect(region.RegionCode).toBe(`${code}_${i + 1}`);
        expect(region.Polygon.length).toBeGreaterThanOrEqual(4);
        expect(region.Polygon.at(-1)).toEqual(region.Polygon[0]);
      }
      expect(inRegions(regions, inside)).toBe(true);
      expect(inRegions(regions, outside)).toBe(false);
    },
  );

  // The outline is simplified to 5 km, so it is only checked well inside and well outside 22.224 km.
  it.each<[string, LatLon, boolean]>([
    ['13 km off Jutland', { lat: 56.0, lon: 7.9 }, true],
    ['44 km off Jutland', { lat: 56.0, lon: 7.4 }, false],
  ])('draws the Danish sea coverage: %s → %s', async (_name, point, inside) => {
    const { json } = await post({ CountryCodes: ['DK'], IncludeRegions: true });
    const regions = (json as { RescueOrgs: RescueOrg[] }).RescueOrgs[0]?.Regions ?? [];
    expect(inRegions(regions, point)).toBe(inside);
  });

  it.each<[string, unknown, string]>([
    ['a missing CountryCodes', { IncludeRegions: false }, 'body.CountryCodes'],
    [
      'an unknown country code',
      { CountryCodes: ['XX'], IncludeRegions: false },
      'body.CountryCodes.0',
    ],
    [
      'a non-boolean IncludeRegions',
      { CountryCodes: [], IncludeRegions: 'yes' },
      'body.IncludeRegions',
    ],
    [
      'a numeric RescueOrgCode',
      { CountryCodes: [], IncludeRegions: false, RescueOrgCode: 7 },
      'body.RescueOrgCode',
    ],
  ])('rejects %s with 400 REQUEST_INVALID', async (_name, body, path) => {
    const { status, json } = await post(body);
    expect(status).toBe(400);
    expect(json).toMatchObject({ ErrorCode: 'REQUEST_INVALID', Issues: [{ Path: path }] });
  });

  it('rejects a body that is not a JSON object with 400', async () => {
    const { status, json } = await post([{ CountryCodes: [] }]);
    expect(status).toBe(400);
    expect(json).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});
