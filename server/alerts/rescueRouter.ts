import type { RescueRouter } from './alertEngine';
import { rescueOrgByCode } from './rescueOrganisations';
import { rescueRoute } from './rescueRouting';

/**
 * The alert engine's rescue routing (policy §1): {@link rescueRoute} on the committed coastline
 * extract, answered as the organisations' codes and names. Positions out of range (never stored:
 * the ingest refuses them) route to contacts only.
 */
export const rescueRouter: RescueRouter = (input) => {
  const location = input.position;
  if (location && (Math.abs(location.lat) > 90 || Math.abs(location.lon) > 180)) return [];
  const route = rescueRoute({
    location,
    homeCountryCode: input.homeCountryCode,
    waterActivity: input.waterActivity,
  });
  return route.orgs.flatMap((code) => {
    const org = rescueOrgByCode(code);
    return org ? [{ code: org.code, name: org.name }] : [];
  });
};
