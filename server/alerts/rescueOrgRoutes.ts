import type { FastifyPluginCallback } from 'fastify';
import { rescueOrgs } from '../../src/api/calls/memberIntegrationPublic';
import type { RescueOrg, RescueRegion } from '../../src/api/entities/domain';
import type { Db } from '../db/database';
import { coverageOutlineRings } from '../geodata/coastline';
import { contractRoute } from '../http/contractRoute';
import { RESCUE_ORGANISATIONS, type RescueOrganisation } from './rescueOrganisations';

/**
 * The coverage of an organisation for the coverage map: one {@link RescueRegion} per outer ring of
 * its display outline (server/geodata/coastline.ts `coverageOutlineRings`), largest first, as closed
 * rings of `{X: lon, Y: lat}` degrees. Coarse (5 km) by design; routing uses the exact rule.
 */
function regionsOf(org: RescueOrganisation): RescueRegion[] {
  return coverageOutlineRings(org.countryCode).map((ring, i) => ({
    RegionCode: `${org.code}_${i + 1}`,
    Name: `${org.name}, area ${i + 1}`,
    Polygon: ring.map(([X, Y]) => ({ X, Y })),
  }));
}

/**
 * Public `POST /api/member-integration-public/rescue-orgs` (app §7 "POST rescue-orgs (public):
 * CountryCodes, IncludeRegions, RescueOrgCode"; policy §1): the partner rescue organisations whose
 * `CountryCodes` meet the request's `CountryCodes` (an empty list means all), narrowed to the one with
 * `RescueOrgCode` when given (an unknown code matches none: an empty list, not an error); each with
 * `Regions` when `IncludeRegions`. Input that breaks the contract is a 400 REQUEST_INVALID.
 */
export const rescueOrgRoutes: FastifyPluginCallback<{ db: Db }> = (app, _options, done) => {
  contractRoute(app, rescueOrgs, (input) => {
    const wanted = new Set<string>(input.CountryCodes);
    const RescueOrgs: RescueOrg[] = RESCUE_ORGANISATIONS.filter(
      (org) =>
        (wanted.size === 0 || wanted.has(org.countryCode)) &&
        (input.RescueOrgCode == null || input.RescueOrgCode === org.code),
    ).map((org) => ({
      RescueOrgCode: org.code,
      Name: org.name,
      CountryCodes: [org.countryCode],
      ...(input.IncludeRegions ? { Regions: regionsOf(org) } : {}),
    }));
    return Promise.resolve({ RescueOrgs });
  });
  done();
};
