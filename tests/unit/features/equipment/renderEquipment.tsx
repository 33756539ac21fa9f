import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { equipmentRoutes } from '../../../../src/features/equipment';
import type { AppStore } from '../../../../src/store/store';

/** Shows where the app went: the path and query of a route outside the equipment feature. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** Renders the equipment routes at `path` with `store`; other paths render {@link Elsewhere}. */
export function renderEquipment(store: AppStore, path: string) {
  const router = createMemoryRouter([...equipmentRoutes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}
