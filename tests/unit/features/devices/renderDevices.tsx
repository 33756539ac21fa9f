import { devicesRoutes } from '../../../../src/features/devices';
import type { AppStore } from '../../../../src/store/store';
import { renderRoutesAt } from '../../support/renderRoutes';

/**
 * Renders the devices routes (without the app's route guard) at `path` with `store`; any other path
 * shows a marker with the location, so a test can see where the user was sent.
 */
export function renderDevicesAt(store: AppStore, path: string) {
  return renderRoutesAt(store, devicesRoutes, path);
}
