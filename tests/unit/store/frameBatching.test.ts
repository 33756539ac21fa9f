import {
  configureStore,
  createSlice,
  prepareAutoBatched,
  SHOULD_AUTOBATCH,
  type Middleware,
} from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { frameBatchingMiddleware } from '../../../src/store/frameBatching';

const counter = createSlice({
  name: 'counter',
  initialState: { frames: 0, reactions: 0 },
  reducers: {
    frameArrived: {
      reducer: (state) => {
        state.frames += 1;
      },
      prepare: prepareAutoBatched<number>(),
    },
    reacted: (state) => {
      state.reactions += 1;
    },
  },
});
const { frameArrived, reacted } = counter.actions;

/** A store with the middleware; `endOfTask` callbacks wait in `pending` until the test runs them. */
function setup() {
  const pending: (() => void)[] = [];
  const seen: unknown[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    seen.push(action);
    return next(action);
  };
  const store = configureStore({
    reducer: counter.reducer,
    middleware: (getDefault) =>
      getDefault()
        .prepend(frameBatchingMiddleware((callback) => pending.push(callback)))
        .concat(recorder),
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
  return { store, pending, seen };
}

describe('frameBatchingMiddleware (issue 6 item 2: one notification per socket frame)', () => {
  it('batches what is dispatched in the task of an auto-batched action, and nothing after it', () => {
    const { store, pending, seen } = setup();
    store.dispatch(reacted());
    store.dispatch(frameArrived(1));
    store.dispatch(reacted());
    expect(pending).toHaveLength(1);
    pending.shift()?.();
    store.dispatch(reacted());
    expect(seen).toEqual([
      reacted(),
      frameArrived(1),
      { ...reacted(), meta: { [SHOULD_AUTOBATCH]: true } },
      reacted(),
    ]);
    expect(store.getState()).toEqual({ frames: 1, reactions: 3 });
  });

  it('notifies the subscribers once for a frame and its reactions', async () => {
    const { store } = setup();
    let notifications = 0;
    store.subscribe(() => {
      notifications += 1;
    });
    store.dispatch(frameArrived(1));
    for (let i = 0; i < 10; i += 1) store.dispatch(reacted());
    expect(notifications).toBe(0);
    await Promise.resolve();
    expect(notifications).toBe(1);
    expect(store.getState()).toEqual({ frames: 1, reactions: 10 });
  });
});
