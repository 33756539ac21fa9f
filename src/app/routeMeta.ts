import type { ExternalRoute } from '../store/externalRoutes';

/**
 * Metadata of a route (spec application-behaviour §2 "Route behaviour"), kept in the route's `handle`:
 * - `titleKey`: translation key of the page title (the shared-activity route sets its own title);
 * - `requiresAuth` / `requiresVerifiedPhone`: authentication, and a verified phone (spec §2 lists);
 * - `gated`: a member-area route behind the whole login gate of spec §4 (src/app/RouteGuard.tsx);
 * - `external`: the route redirects to an external URL, optionally in a new tab;
 * - `ownTitle`: the page sets the document title itself (the shared-activity route, spec §2);
 * - `ownBrand`: the page shows another client's brand (a share link's), not the member's.
 */
export interface RouteMeta {
  readonly titleKey?: string;
  readonly requiresAuth?: boolean;
  readonly requiresVerifiedPhone?: boolean;
  readonly gated?: boolean;
  readonly external?: ExternalRoute;
  readonly ownTitle?: boolean;
  readonly ownBrand?: boolean;
}

/** Reads a route's metadata from a react-router match `handle`. */
export function routeMetaOf(handle: unknown): RouteMeta {
  return typeof handle === 'object' && handle !== null ? handle : {};
}
