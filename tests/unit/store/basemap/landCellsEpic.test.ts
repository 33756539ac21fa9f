import { describe, expect, it } from 'vitest';
import {
  LAND_CELL_GRID,
  landCellKey,
  type LandCell,
  type LandCellId,
} from '../../../../src/api/basemap';
import { LAND_CELL_RETRY_MS } from '../../../../src/store/basemap/landCellsEpic';
import {
  LAND_CELLS_KEPT,
  landCellLoaded,
  landCellsRequested,
  landCellsSlice,
  selectLandCell,
  selectLandCellsState,
} from '../../../../src/store/basemap/landCellsSlice';
import { createAppStore } from '../../../../src/store/store';
import { testDependencies } from '../testDependencies';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';

const A: LandCellId = { level: 6, x: 12159, y: 9599 };
const B: LandCellId = { level: 6, x: 12160, y: 9599 };
const cellOf = (id: LandCellId): LandCell => ({ ...id, grid: LAND_CELL_GRID, land: [], coast: [] });

/** A store whose fetch answers each land cell from its URL, or fails while `failing`. */
function setup() {
  const asked: string[] = [];
  const clock = { now: 1_000_000, failing: false };
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({
      now: () => clock.now,
      fetch: (input) => {
        const url =
          input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
        asked.push(url);
        if (clock.failing) return Promise.resolve(new Response('no', { status: 503 }));
        const [level = 0, x = 0, y = 0] =
          /land-cells\/(-?\d+)\/(\d+)\/(\d+)\.json$/.exec(url)?.slice(1).map(Number) ?? [];
        return Promise.resolve(Response.json(cellOf({ level, x, y })));
      },
    }),
  });
  return { store, asked, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('landCellsEpic', () => {
  it('loads each requested cell once, however often a map asks for it', async () => {
    const { store, asked } = setup();
    store.dispatch(landCellsRequested({ cells: [A, B] }));
    store.dispatch(landCellsRequested({ cells: [A] }));
    await settle();
    store.dispatch(landCellsRequested({ cells: [A, B] }));
    await settle();
    expect(asked).toEqual([
      'http://localhost/basemap/land-cells/6/12159/9599.json',
      'http://localhost/basemap/land-cells/6/12160/9599.json',
    ]);
    expect(selectLandCell(store.getState(), A)).toEqual(cellOf(A));
  });

  it('leaves a failed cell alone for a minute, then asks again', async () => {
    const { store, asked, clock } = setup();
    clock.failing = true;
    store.dispatch(landCellsRequested({ cells: [A] }));
    await settle();
    expect(selectLandCellsState(store.getState()).failedAt[landCellKey(A)]).toBe(clock.now);
    clock.failing = false;
    clock.now += LAND_CELL_RETRY_MS - 1;
    store.dispatch(landCellsRequested({ cells: [A] }));
    await settle();
    expect(asked).toHaveLength(1);
    clock.now += 1;
    store.dispatch(landCellsRequested({ cells: [A] }));
    await settle();
    expect(asked).toHaveLength(2);
    expect(selectLandCell(store.getState(), A)).toEqual(cellOf(A));
    expect(selectLandCellsState(store.getState()).failedAt).toEqual({});
  });
});

describe('landCells -> landCellLoaded', () => {
  it(`keeps the ${LAND_CELLS_KEPT} most recently loaded cells`, () => {
    let state = landCellsSlice.reducer(undefined, { type: 'init' });
    for (let x = 0; x <= LAND_CELLS_KEPT; x++) {
      state = landCellsSlice.reducer(
        state,
        landCellLoaded({ cell: cellOf({ level: 6, x, y: 0 }) }),
      );
    }
    expect(Object.keys(state.cells)).toHaveLength(LAND_CELLS_KEPT);
    expect(state.cells['6/0/0']).toBeUndefined();
    expect(state.cells[`6/${LAND_CELLS_KEPT}/0`]).toBeDefined();
  });
});
