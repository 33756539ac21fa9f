import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { RouteTableProvider } from '../../../src/app/routeTable';
import { ServerClock } from '../../../src/app/ServerClock';
import type { AppStore } from '../../../src/store/store';

/** Shows where the app went: the path and query of a route outside the ones rendered. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `routes` (without the app's route guard) at `path` with `store`; any other path shows
 * `elsewhere` (by default a `data-testid="elsewhere"` marker with the location), so a test can see
 * where the user was sent. The table is also given to src/app/routeTable.tsx, so the route guard and
 * the Shell read the matched routes' metadata as in the app, and the store's server clock offset is
 * provided as the app provides it (src/app/ServerClock.tsx). Returns the render result and the
 * memory router.
 */
export function renderRoutesAt(
  store: AppStore,
  routes: RouteObject[],
  path: string,
  elsewhere: ReactNode = <Elsewhere />,
) {
  const table: RouteObject[] = [...routes, { path: '*', element: elsewhere }];
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <ServerClock>
        <RouteTableProvider routes={table}>
          <RouterProvider router={router} />
        </RouteTableProvider>
      </ServerClock>
    </Provider>,
  );
  return { ...view, router };
}
