import { createAction, type Action } from '@reduxjs/toolkit';
import { Observable, Subject, type Observer } from 'rxjs';
import { StateObservable } from 'redux-observable';
import { describe, expect, it } from 'vitest';
import { rootReducer, type RootState } from '../../../src/store/rootReducer';
import { createAppStore } from '../../../src/store/store';
import { createRootEpic, storeEpics } from '../../../src/store/rootEpic';
import { activityDataEpics } from '../../../src/store/activityDataEpics';
import { testDependencies } from './testDependencies';
import type { AppEpic } from '../../../src/store/epic';
import { epicsLoader, registerEpics } from '../../../src/store/epicRegistry';
import { filter, ignoreElements, map, tap } from 'rxjs/operators';
import { ofAction } from '../../../src/store/operators/ofAction';

/** An action stream that counts who subscribes to it, as redux-observable's own would cost. */
function countedActions() {
  const source = new Subject<Action>();
  let subscriptions = 0;
  const action$ = new Observable<Action>((subscriber: Observer<Action>) => {
    subscriptions += 1;
    return source.subscribe(subscriber);
  });
  return { source, action$, subscriptions: () => subscriptions };
}

const state$ = new StateObservable<RootState>(
  new Subject<RootState>(),
  rootReducer(undefined, { type: 'test/init' }),
);

describe('the root epic (src/store/rootEpic.ts)', () => {
  it('subscribes to the action stream once, however many epics listen', () => {
    const { action$, subscriptions } = countedActions();
    const epics = createRootEpic(activityDataEpics);
    const subscription = epics(action$, state$, testDependencies()).subscribe();
    expect(storeEpics.length + activityDataEpics.length).toBeGreaterThan(50);
    expect(subscriptions()).toBe(1);
    subscription.unsubscribe();
  });

  it('delivers each action to every epic, the features’ included, in dispatch order', () => {
    const echo =
      (name: string): AppEpic =>
      (actions$) =>
        actions$.pipe(
          filter((action) => action.type.startsWith('probe/')),
          map((action) => ({ type: `${name}:${action.type}` })),
        );
    const store = createAppStore({
      dependencies: testDependencies(),
      epics: [echo('a'), echo('b')],
    });
    const seen = () =>
      store.actionLog
        .entries()
        .map((entry) => entry.action.type)
        .filter((type) => type.includes('probe/'));
    store.dispatch({ type: 'probe/1' });
    store.dispatch({ type: 'other' });
    store.dispatch({ type: 'probe/2' });
    expect(seen()).toEqual([
      'probe/1',
      'a:probe/1',
      'b:probe/1',
      'probe/2',
      'a:probe/2',
      'b:probe/2',
    ]);
  });

  it('routes by type: an epic starting with ofAction hears only its types, in dispatch order', () => {
    const probe = createAction<number>('routed/probe');
    const heard: string[] = [];
    const routedEpic: AppEpic = (actions$) =>
      actions$.pipe(
        ofAction(probe),
        tap((action) => heard.push(`routed ${action.type} ${action.payload}`)),
        map((action) => ({ type: `routed/heard-${action.payload}` })),
      );
    const plainEpic: AppEpic = (actions$) =>
      actions$.pipe(
        filter((action) => action.type.startsWith('routed/')),
        tap((action) => heard.push(`plain ${action.type}`)),
        ignoreElements(),
      );
    const store = createAppStore({
      dependencies: testDependencies(),
      epics: [routedEpic, plainEpic],
    });
    store.dispatch(probe(1));
    store.dispatch({ type: 'routed/other' });
    store.dispatch(probe(2));
    expect(heard).toEqual([
      'routed routed/probe 1',
      'plain routed/probe',
      'plain routed/heard-1',
      'plain routed/other',
      'routed routed/probe 2',
      'plain routed/probe',
      'plain routed/heard-2',
    ]);
  });

  it('starts a registered epic in the stores already made and in those made later, once each', () => {
    const lazyEpic: AppEpic = (actions$) =>
      actions$.pipe(
        filter((action) => action.type === 'lazy/probe'),
        map(() => ({ type: 'lazy/heard-by-lazy' })),
      );
    const types = (store: ReturnType<typeof createAppStore>) =>
      store.actionLog
        .entries()
        .map((entry) => entry.action.type)
        .filter((type) => type.startsWith('lazy/'));
    const early = createAppStore({ dependencies: testDependencies() });
    early.dispatch({ type: 'lazy/probe' });
    registerEpics([lazyEpic]);
    registerEpics([lazyEpic]);
    early.dispatch({ type: 'lazy/probe' });
    const later = createAppStore({ dependencies: testDependencies(), epics: [lazyEpic] });
    later.dispatch({ type: 'lazy/probe' });
    expect(types(early)).toEqual(['lazy/probe', 'lazy/probe', 'lazy/heard-by-lazy']);
    expect(types(later)).toEqual(['lazy/probe', 'lazy/heard-by-lazy']);
  });

  it('epicsLoader registers what its chunk exports', async () => {
    const lazyEpic: AppEpic = (actions$) =>
      actions$.pipe(
        filter((action) => action.type === 'loaded/probe'),
        map(() => ({ type: 'loaded/heard' })),
      );
    const store = createAppStore({ dependencies: testDependencies() });
    await epicsLoader(() => Promise.resolve([lazyEpic]))();
    store.dispatch({ type: 'loaded/probe' });
    expect(store.actionLog.entries().map((entry) => entry.action.type)).toContain('loaded/heard');
  });
});
