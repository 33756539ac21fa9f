import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { devicesRoutes } from '../../../../src/features/devices';
import type { AppStore } from '../../../../src/store/store';

/** Shows where the app went, for routes outside the devices feature. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders the devices routes (without the app's route guard) at `path` with `store`; any other path
 * shows a marker with the location, so a test can see where the user was sent.
 */
export function renderDevicesAt(store: AppStore, path: string) {
  const router = createMemoryRouter([...devicesRoutes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [path],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router };
}
