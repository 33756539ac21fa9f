import type { Action } from '@reduxjs/toolkit';
import { concat, EMPTY, from, mergeMap, share, type Observable } from 'rxjs';
import { combineEpics } from 'redux-observable';
import { appEpics } from './app/appEpics';
import type { AppEpic } from './epic';
import { isolateEpic } from './epicIsolation';
import { ActionsByType } from './operators/ofAction';
import { registeredEpics } from './epicRegistry';
import { preferencesPersistEpic } from './epics/preferencesEpic';
import { runtimeConfigEpic } from './epics/runtimeConfigEpic';
import { inactivityEpics } from './session/inactivityEpics';
import { clientEpics } from './client/clientEpics';
import { entityEpics } from './entities/entityLoadEpics';
import { memberReconnectReloadEpic } from './entities/reconnectReloadEpic';
import { remindersEpics } from './entities/remindersEpics';
import { subscriptionsEpics } from './entities/subscriptionsEpics';
import { wearerReloadEpic } from './entities/wearerReloadEpic';
import { networkEpics } from './network/networkEpics';
import { notificationEpics } from './notifications/notificationEpics';
import { realtimeEpics } from './realtime/realtimeEpics';
import { sessionEpics } from './session/sessionEpics';
import { unitPreferencePersistEpic } from './units/unitPreferenceEpics';

/**
 * The store's own epics that run from the start; features contribute theirs through
 * {@link createAppStore}'s `epics`, and the activity screens' epics load with their routes
 * (src/store/activityData.ts).
 */
export const storeEpics: readonly AppEpic[] = [
  runtimeConfigEpic,
  preferencesPersistEpic,
  unitPreferencePersistEpic,
  ...sessionEpics,
  ...notificationEpics,
  ...clientEpics,
  ...entityEpics,
  memberReconnectReloadEpic,
  wearerReloadEpic,
  ...remindersEpics,
  ...subscriptionsEpics,
  ...networkEpics,
  ...realtimeEpics,
  ...inactivityEpics,
  ...appEpics,
];

/**
 * Combines the store's epics, the features' list and every epic of {@link registeredEpics} (lazily
 * loaded parts, src/store/epicRegistry.ts; those registered later start when they are) into the one
 * root epic; an epic given twice runs once. The epics share ONE subscription to redux-observable's
 * action stream (`share()`): that stream is `actionSubject$.pipe(observeOn(queueScheduler))`, so
 * each subscription to it schedules its own queue action per dispatched action. With ~110 epics
 * subscribing directly, every dispatch scheduled ~110 of them; shared, it schedules one and fans out
 * through a plain Subject. The order of delivery is unchanged: an action reaches every epic before
 * any reaction they dispatch (the reactions still go through the middleware's queue). Measured
 * 2026-11-28: 102 → 38 µs per dispatch of an action no epic wants, in Node with the production
 * builds (docs/monitor.md "Cost per frame"). The shared stream is routed by action type
 * ({@link ActionsByType}): an epic that starts with `ofAction(...)` gets only its types' actions,
 * without a filter per epic and dispatch. Each epic runs isolated ({@link isolateEpic}): an error
 * escaping one is reported as `app/epicFailed` and that epic restarts, the others unaffected.
 */
export function createRootEpic(featureEpics: readonly AppEpic[] = []): AppEpic {
  return (action$, state$, dependencies) => {
    const actions = new ActionsByType(action$.pipe(share()));
    const running = new Set<AppEpic>();
    const start = (epic: AppEpic): Observable<Action> => {
      if (running.has(epic)) return EMPTY;
      running.add(epic);
      return combineEpics(isolateEpic(epic))(actions, state$, dependencies);
    };
    return concat(from([...storeEpics, ...featureEpics]), registeredEpics()).pipe(mergeMap(start));
  };
}
