import type { ExternalRoute } from '../store/externalRoutes';

/**
 * Metadata of a route (spec application-behaviour §2 "Route behaviour"), kept in the route's `handle`:
 * - `titleKey`: translation key of the page title (the shared-activity route sets its own title);
 * - `requiresAuth` / `requiresVerifiedPhone`: login gating, enforced by the identity and registration
 *   issues' route guard;
 * - `external`: the route redirects to an external URL, optionally in a new tab.
 */
export interface RouteMeta {
  readonly titleKey?: string;
  readonly requiresAuth?: boolean;
  readonly requiresVerifiedPhone?: boolean;
  readonly external?: ExternalRoute;
}

/** Reads a route's metadata from a react-router match `handle`. */
export function routeMetaOf(handle: unknown): RouteMeta {
  return typeof handle === 'object' && handle !== null ? handle : {};
}
