import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { renderRoutesAt } from '../../support/renderRoutes';
import { settingsStore, type SettingsStoreOptions } from './settingsTestKit';

function Elsewhere() {
  const location = useLocation();
  return <p>Elsewhere: {`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `page` at `path` (its route pattern `pattern`) with a settings store (see settingsStore),
 * the router, and a catch-all route that says where a link went.
 */
export function renderSettings(
  page: ReactElement,
  options: SettingsStoreOptions & { path?: string; pattern?: string } = {},
) {
  const { store, navigator } = settingsStore(options);
  const path = options.path ?? '/page';
  const { router } = renderRoutesAt(
    store,
    [{ path: options.pattern ?? path.split('?')[0], element: page }],
    path,
    <Elsewhere />,
  );
  return { store, navigator, router };
}
