import { catchError, finalize, from, map, mergeMap, of } from 'rxjs';
import { landCellKey } from '../../api/basemap';
import { fetchLandCell } from '../../api/client/landCellClient';
import type { AppEpic } from '../epic';
import {
  landCellFailed,
  landCellLoaded,
  landCellsRequested,
  selectLandCellsState,
} from './landCellsSlice';
import { ofAction } from '../operators/ofAction';

/** How many cells load at once: a monitor opening with 100 cards asks for tens together. */
export const LAND_CELL_LOADS_PARALLEL = 4;
/** How long a cell whose load failed is left alone before a map's request loads it again, ms. */
export const LAND_CELL_RETRY_MS = 60_000;

/**
 * `landCellsRequested` → each cell neither loaded, loading, nor failed in the last
 * {@link LAND_CELL_RETRY_MS} is fetched from the web app's server (src/api/client/landCellClient.ts),
 * {@link LAND_CELL_LOADS_PARALLEL} at a time → `landCellLoaded` or `landCellFailed`.
 */
export const landCellsEpic: AppEpic = (action$, state$, deps) => {
  const loading = new Set<string>();
  return action$.pipe(
    ofAction(landCellsRequested),
    mergeMap(({ payload }) =>
      payload.cells.filter((id) => {
        const key = landCellKey(id);
        const { cells, failedAt } = selectLandCellsState(state$.value);
        const failed = failedAt[key];
        if (key in cells || loading.has(key)) return false;
        if (failed !== undefined && deps.now() - failed < LAND_CELL_RETRY_MS) return false;
        loading.add(key);
        return true;
      }),
    ),
    mergeMap((id) => {
      const key = landCellKey(id);
      return from(fetchLandCell(deps.fetch, id)).pipe(
        map((cell) => landCellLoaded({ cell })),
        catchError(() => of(landCellFailed({ key, at: deps.now() }))),
        finalize(() => loading.delete(key)),
      );
    }, LAND_CELL_LOADS_PARALLEL),
  );
};
