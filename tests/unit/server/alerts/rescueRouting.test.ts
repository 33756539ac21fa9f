import { describe, expect, it } from 'vitest';
import type { LatLon } from '../../../../src/api/geo/haversine';
import {
  organisationsCovering,
  RESCUE_ORGANISATIONS,
  rescueOrgByCode,
  rescueOrgOfCountry,
  TERRITORIAL_SEA_KM,
} from '../../../../server/alerts/rescueOrganisations';
import { rescueRoute, type RescueRoute } from '../../../../server/alerts/rescueRouting';
import { coastlineGeography, type Geography } from '../../../../server/geodata/coastline';
import { gpxTrackPoints, lysefjordPaddleFixes, PLACES } from '../../../fixtures/geo/places';

const inCoverage = (onWater: boolean, ...orgs: RescueRoute['orgs']): RescueRoute => ({
  onWater,
  orgs,
  rule: 'IN_COVERAGE',
});
const onWaterHome = (org: RescueRoute['orgs'][number]): RescueRoute => ({
  onWater: true,
  orgs: [org],
  rule: 'ON_WATER_HOME',
});
const contactsOnly = (onWater: boolean | null): RescueRoute => ({
  onWater,
  orgs: [],
  rule: 'CONTACTS_ONLY',
});

describe('the partner rescue organisations', () => {
  it('are one per partner country, with neutral names and 12 nautical miles of sea', () => {
    expect(
      RESCUE_ORGANISATIONS.map(({ code, name, countryCode }) => [code, countryCode, name]),
    ).toEqual([
      ['RESCUE_DE', 'DE', 'Rescue partner Germany'],
      ['RESCUE_DK', 'DK', 'Rescue partner Denmark'],
      ['RESCUE_NL', 'NL', 'Rescue partner Netherlands'],
      ['RESCUE_NO', 'NO', 'Rescue partner Norway'],
    ]);
    expect(TERRITORIAL_SEA_KM).toBeCloseTo(12 * 1.852, 9);
    expect(RESCUE_ORGANISATIONS.every((org) => org.coverageSeaKm === TERRITORIAL_SEA_KM)).toBe(
      true,
    );
  });

  it.each([
    ['NO', 'RESCUE_NO'],
    ['SE', null],
    ['UK', null],
    [null, null],
  ])('the organisation of country %s is %s', (country, code) => {
    expect(rescueOrgOfCountry(country)?.code ?? null).toBe(code);
  });

  it('are found by code', () => {
    expect(rescueOrgByCode('RESCUE_DK')?.countryCode).toBe('DK');
    expect(rescueOrgByCode('RESCUE_SE')).toBeNull();
  });
});

describe('rescueRoute on the real tracks', () => {
  const paddle = lysefjordPaddleFixes();

  it.each(['NO', 'DE', 'ES', null])(
    'routes every Lysefjord paddle fix to the Norwegian partner (home %s)',
    (home) => {
      for (const location of paddle) {
        expect(rescueRoute({ location, homeCountryCode: home })).toEqual(
          inCoverage(true, 'RESCUE_NO'),
        );
      }
    },
  );

  it('routes every Black Forest hike point to the German partner, as a land alert', () => {
    for (const location of gpxTrackPoints('multiday-hike-black-forest-de-3days.gpx')) {
      expect(rescueRoute({ location, homeCountryCode: 'NO' })).toEqual(
        inCoverage(false, 'RESCUE_DE'),
      );
    }
  });

  const regatta = gpxTrackPoints('sail-valencia-regatta-ESP29375-race1.gpx').filter(
    (_, i) => i % 100 === 0,
  );
  it.each<[string | null, RescueRoute]>([
    ['NL', onWaterHome('RESCUE_NL')],
    ['NO', onWaterHome('RESCUE_NO')],
    ['ES', contactsOnly(true)],
    [null, contactsOnly(true)],
  ])('routes the Valencia regatta, off non-partner Spain, for home %s', (home, expected) => {
    for (const location of regatta) {
      expect(rescueRoute({ location, homeCountryCode: home })).toEqual(expected);
    }
  });

  it('tells only the contacts of a Norwegian running in Washington DC', () => {
    for (const location of gpxTrackPoints('run-washington-dc-hr.gpx').filter(
      (_, i) => i % 20 === 0,
    )) {
      expect(rescueRoute({ location, homeCountryCode: 'NO' })).toEqual(contactsOnly(false));
    }
  });
});

describe('rescueRoute at known places', () => {
  it.each<[string, LatLon, string | null, RescueRoute]>([
    ['Oslo', PLACES.oslo, 'US', inCoverage(false, 'RESCUE_NO')],
    ['Copenhagen outer harbour', PLACES.copenhagenHarbour, null, inCoverage(true, 'RESCUE_DK')],
    ['the Wadden Sea', PLACES.waddenSea, 'DE', inCoverage(true, 'RESCUE_NL')],
    [
      'Flensburg Fjord (both coverages)',
      PLACES.flensburgFjord,
      null,
      inCoverage(true, 'RESCUE_DK', 'RESCUE_DE'),
    ],
    [
      'the Ems estuary (both coverages)',
      PLACES.emsEstuary,
      null,
      inCoverage(true, 'RESCUE_NL', 'RESCUE_DE'),
    ],
    ['19 km off Jutland', PLACES.offJutland19Km, 'NO', inCoverage(true, 'RESCUE_DK')],
    ['24 km off Jutland, home NO', PLACES.offJutland24Km, 'NO', onWaterHome('RESCUE_NO')],
    ['24 km off Jutland, home SE', PLACES.offJutland24Km, 'SE', contactsOnly(true)],
    [
      'the North Sea 100 km offshore, home DE',
      PLACES.northSeaOffshore,
      'DE',
      onWaterHome('RESCUE_DE'),
    ],
    ['the North Sea 100 km offshore, home US', PLACES.northSeaOffshore, 'US', contactsOnly(true)],
    [
      'Poland 5 km from the German border, home DE',
      PLACES.polandNearGermanBorder,
      'DE',
      contactsOnly(false),
    ],
    [
      'Frankfurt (Oder), just across that border',
      PLACES.frankfurtOder,
      'PL',
      inCoverage(false, 'RESCUE_DE'),
    ],
    ['Büsingen, the German enclave', PLACES.buesingen, 'CH', inCoverage(false, 'RESCUE_DE')],
    ['Svalbard land, home NO', PLACES.longyearbyen, 'NO', contactsOnly(false)],
    ['Isfjorden on Svalbard, home NO', PLACES.isfjorden, 'NO', onWaterHome('RESCUE_NO')],
  ])('%s (home %s)', (_name, location, home, expected) => {
    expect(rescueRoute({ location, homeCountryCode: home })).toEqual(expected);
  });

  it('agrees with organisationsCovering wherever the position is in coverage', () => {
    for (const location of Object.values(PLACES)) {
      const covering = organisationsCovering(location, coastlineGeography).map((o) => o.code);
      const route = rescueRoute({ location, homeCountryCode: null });
      expect(route.orgs).toEqual(covering);
    }
  });
});

describe('rescueRoute with an unknown position', () => {
  it.each<[string | null, boolean | undefined, RescueRoute]>([
    ['NO', undefined, contactsOnly(null)],
    ['NO', false, contactsOnly(false)],
    ['NO', true, onWaterHome('RESCUE_NO')],
    ['DK', true, onWaterHome('RESCUE_DK')],
    ['ES', true, contactsOnly(true)],
    [null, true, contactsOnly(true)],
  ])('home %s, water activity %s', (home, waterActivity, expected) => {
    const input = { location: null, homeCountryCode: home };
    expect(rescueRoute(waterActivity === undefined ? input : { ...input, waterActivity })).toEqual(
      expected,
    );
  });

  it('ignores the activity when the position is known', () => {
    expect(
      rescueRoute({
        location: PLACES.polandNearGermanBorder,
        homeCountryCode: 'DE',
        waterActivity: true,
      }),
    ).toEqual(contactsOnly(false));
  });
});

describe('rescueRoute as a pure function of its geography', () => {
  const sea = (distances: Record<string, number>): Geography => ({
    countryAt: () => null,
    distanceToCountryKm: (_lat, _lon, code, cutoffKm = Infinity) => {
      const km = distances[code] ?? 1000;
      return km <= cutoffKm ? km : Infinity;
    },
  });

  it.each<[Record<string, number>, string | null, RescueRoute]>([
    [{ NO: 22.2 }, null, inCoverage(true, 'RESCUE_NO')],
    [{ NO: 22.3 }, null, contactsOnly(true)],
    [{ NO: 22.3 }, 'NL', onWaterHome('RESCUE_NL')],
    [{ DE: 10, NL: 3, DK: 21 }, null, inCoverage(true, 'RESCUE_NL', 'RESCUE_DE', 'RESCUE_DK')],
  ])('at sea with land distances %j, home %s', (distances, home, expected) => {
    expect(
      rescueRoute({ location: { lat: 0, lon: 0 }, homeCountryCode: home }, sea(distances)),
    ).toEqual(expected);
  });

  it('on partner land never asks for distances', () => {
    const land: Geography = {
      countryAt: () => 'NL',
      distanceToCountryKm: () => {
        throw new Error('not expected');
      },
    };
    expect(rescueRoute({ location: { lat: 0, lon: 0 }, homeCountryCode: 'NO' }, land)).toEqual(
      inCoverage(false, 'RESCUE_NL'),
    );
  });

  it('rejects a position out of range', () => {
    expect(() => rescueRoute({ location: { lat: 95, lon: 0 }, homeCountryCode: 'NO' })).toThrow(
      RangeError,
    );
  });
});
