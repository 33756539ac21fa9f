import type { Action } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filter, map, tap } from 'rxjs/operators';
import { createAppStore } from '../../../src/store/store';
import type { AppEpic } from '../../../src/store/epic';
import { EPIC_RESTART_LIMIT, EPIC_RESTART_WINDOW_MS } from '../../../src/store/epicIsolation';
import { testDependencies } from './testDependencies';

/** Answers `probe/ping` with `<name>:pong`, and throws on `probe/boom`. */
function fragileEpic(name: string): AppEpic {
  return (actions$) =>
    actions$.pipe(
      filter((action) => action.type.startsWith('probe/')),
      tap((action) => {
        if (action.type === 'probe/boom') throw new Error(`${name} broke`);
      }),
      filter((action) => action.type === 'probe/ping'),
      map(() => ({ type: `${name}:pong` })),
    );
}

function typesOf(store: ReturnType<typeof createAppStore>): string[] {
  return store.actionLog
    .entries()
    .map((entry) => entry.action.type)
    .filter((type) => type.includes('pong') || type === 'app/epicFailed');
}

function failures(store: ReturnType<typeof createAppStore>) {
  return store.actionLog
    .entries()
    .map((entry) => entry.action)
    .filter((action: Action & { payload?: unknown }) => action.type === 'app/epicFailed')
    .map((action) => (action as Action & { payload: unknown }).payload);
}

describe('epic isolation (src/store/epicIsolation.ts)', () => {
  let now = 0;
  beforeEach(() => {
    now = 1_000_000;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  const store = (epics: AppEpic[]) =>
    createAppStore({ dependencies: { ...testDependencies(), now: () => now }, epics });

  it('an error in one epic leaves the others running, is reported and restarts that epic', () => {
    const app = store([fragileEpic('a'), fragileEpic('b')]);
    app.dispatch({ type: 'probe/ping' });
    app.dispatch({ type: 'probe/boom' });
    app.dispatch({ type: 'probe/ping' });
    // Both throw on the boom; each is reported and restarted, and both answer the next ping.
    expect(typesOf(app)).toEqual([
      'a:pong',
      'b:pong',
      'app/epicFailed',
      'app/epicFailed',
      'a:pong',
      'b:pong',
    ]);
    expect(failures(app)[0]).toMatchObject({ message: 'a broke', restarted: true });
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it('an epic failing as it starts is stopped, not restarted in a loop; the others run', () => {
    const broken: AppEpic = () => {
      throw new Error('cannot start');
    };
    const app = store([broken, fragileEpic('b')]);
    app.dispatch({ type: 'probe/ping' });
    expect(typesOf(app)).toEqual(['app/epicFailed', 'b:pong']);
    expect(failures(app)).toEqual([{ epic: 'broken', message: 'cannot start', restarted: false }]);
  });

  it(`stops an epic restarted ${EPIC_RESTART_LIMIT} times within the window; later failures restart again`, () => {
    const app = store([fragileEpic('a')]);
    for (let attempt = 0; attempt <= EPIC_RESTART_LIMIT; attempt += 1) {
      app.dispatch({ type: 'probe/boom' });
      now += 1_000;
    }
    app.dispatch({ type: 'probe/ping' });
    expect(failures(app).map((failure) => (failure as { restarted: boolean }).restarted)).toEqual([
      ...Array.from({ length: EPIC_RESTART_LIMIT }, () => true),
      false,
    ]);
    expect(typesOf(app).filter((type) => type === 'a:pong')).toEqual([]);

    const spaced = store([fragileEpic('a')]);
    for (let attempt = 0; attempt <= EPIC_RESTART_LIMIT; attempt += 1) {
      spaced.dispatch({ type: 'probe/boom' });
      now += EPIC_RESTART_WINDOW_MS / (EPIC_RESTART_LIMIT - 1);
    }
    spaced.dispatch({ type: 'probe/ping' });
    expect(typesOf(spaced).at(-1)).toBe('a:pong');
  });
});
