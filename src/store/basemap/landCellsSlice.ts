import {
  createAction,
  createSlice,
  original,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { landCellKey, type LandCell, type LandCellId } from '../../api/basemap';
import { combinedReducer } from '../rootReducer';

/**
 * The basemap's land cells the card maps have loaded (src/api/basemap.ts; docs/monitor.md "Card
 * maps"), by {@link landCellKey}: `cells` the loaded ones, at most {@link LAND_CELLS_KEPT} (the oldest
 * loaded is dropped first); `failedAt` when a cell's load last failed, epoch ms (asked again after
 * LAND_CELL_RETRY_MS, landCellsEpic.ts).
 */
export interface LandCellsState {
  readonly cells: Readonly<Record<string, LandCell>>;
  readonly failedAt: Readonly<Record<string, number>>;
}

/** How many cells are kept: a monitor of 200 wearers in one region needs tens (a few KB each). */
export const LAND_CELLS_KEPT = 256;

const initialState: LandCellsState = { cells: {}, failedAt: {} };

/** A map shows these cells: load the ones not loaded yet. */
export const landCellsRequested = createAction<{ cells: readonly LandCellId[] }>(
  'landCells/landCellsRequested',
);

export const landCellsSlice = createSlice({
  name: 'landCells',
  initialState,
  reducers: {
    /** A cell arrived. */
    landCellLoaded: (state, { payload }: PayloadAction<{ cell: LandCell }>) => {
      // Outside immer: the cells are large frozen values, replaced whole, never drafted.
      const base = original(state) as LandCellsState;
      const key = landCellKey(payload.cell);
      // Keys such as "8/47629/38148" are no array indices: entries keep their insertion order, so
      // the first ones are the oldest loaded.
      const cells = [
        ...Object.entries(base.cells).filter(([other]) => other !== key),
        [key, payload.cell] as const,
      ].slice(-LAND_CELLS_KEPT);
      return {
        cells: Object.fromEntries(cells),
        failedAt: Object.fromEntries(Object.entries(base.failedAt).filter(([k]) => k !== key)),
      };
    },
    /** A cell could not be loaded at `at` (epoch ms). */
    landCellFailed: (state, { payload }: PayloadAction<{ key: string; at: number }>) => {
      state.failedAt[payload.key] = payload.at;
    },
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof landCellsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = landCellsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectLandCellsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const { landCellLoaded, landCellFailed } = landCellsSlice.actions;

type WithLandCells = { readonly landCells?: LandCellsState };

/** Every loaded cell by {@link landCellKey} (one object until a cell arrives or is dropped). */
export const selectLandCells = (state: WithLandCells): Readonly<Record<string, LandCell>> =>
  selectLandCellsState(state).cells;

/** The loaded cell of `id`, undefined until it arrives. */
export const selectLandCell = (state: WithLandCells, id: LandCellId): LandCell | undefined =>
  selectLandCellsState(state).cells[landCellKey(id)];
