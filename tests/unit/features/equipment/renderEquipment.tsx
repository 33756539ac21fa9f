import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { equipmentRoutes } from '../../../../src/features/equipment';
import type { AppStore } from '../../../../src/store/store';
import { renderRoutesAt } from '../../support/renderRoutes';

/**
 * Renders the equipment routes at `path` with `store`; other paths show a location marker. Resolves
 * with the memory router once the lazily loaded page (issue 7) has rendered.
 */
export async function renderEquipment(store: AppStore, path: string) {
  const { container, router } = renderRoutesAt(store, equipmentRoutes, path);
  await waitFor(() => {
    expect(container).not.toBeEmptyDOMElement();
  });
  return router;
}
