import { equipmentRoutes } from '../../../../src/features/equipment';
import type { AppStore } from '../../../../src/store/store';
import { renderRoutesAt } from '../../support/renderRoutes';

/** Renders the equipment routes at `path` with `store`; other paths show a location marker. */
export function renderEquipment(store: AppStore, path: string) {
  return renderRoutesAt(store, equipmentRoutes, path).router;
}
