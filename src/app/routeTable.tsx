import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { routeMetaOf, type RouteMeta } from './routeMeta';

const RouteTableContext = createContext<readonly RouteObject[]>([]);

/**
 * Makes `routes` (the table the app renders with `useRoutes`) known to {@link useRouteMetas}. The app
 * uses react-router's declarative mode (`BrowserRouter`), whose hooks cannot list the matched routes
 * (`useMatches` needs a data router, ~16 KiB more in the login route's JS, issue 7).
 */
export function RouteTableProvider({
  routes,
  children,
}: {
  readonly routes: readonly RouteObject[];
  readonly children: ReactNode;
}) {
  return <RouteTableContext.Provider value={routes}>{children}</RouteTableContext.Provider>;
}

/**
 * The metadata (`handle`, see {@link RouteMeta}) of every route of the table matching the current
 * location, outermost first; empty when no route matches or no table is provided.
 */
export function useRouteMetas(): readonly RouteMeta[] {
  const routes = useContext(RouteTableContext);
  const { pathname } = useLocation();
  return useMemo(
    () =>
      (matchRoutes([...routes], pathname) ?? []).map((match) => routeMetaOf(match.route.handle)),
    [routes, pathname],
  );
}
