import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { combineEpics, createEpicMiddleware, type Epic } from 'redux-observable';
import { ReplaySubject, defer, filter, map, throwError, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import type { CallDef, CallRequest, CallResponse } from '../../../../src/api/call';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../../src/api/entities/communication';
import type { ReminderTemplate, WearerReminder } from '../../../../src/api/entities/reminder';
import type { Subscription } from '../../../../src/api/entities/subscription';
import type { Wearer } from '../../../../src/api/entities/member';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { remindersSlice, type RemindersState } from '../../../../src/store/entities/remindersSlice';
import {
  subscriptionsSlice,
  type SubscriptionsState,
} from '../../../../src/store/entities/subscriptionsSlice';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../testDependencies';

/** The root state with the reminders and subscriptions slices, as rootReducer.ts will hold them. */
export type EntitiesRootState = RootState & {
  readonly reminders: RemindersState;
  readonly subscriptions: SubscriptionsState;
};

/** The root reducer with the reminders and subscriptions slices. */
export function entitiesRootReducer(
  state: EntitiesRootState | undefined,
  action: Action,
): EntitiesRootState {
  const { reminders, subscriptions, ...rest } = state ?? {};
  return {
    ...rootReducer(state ? rest : undefined, action),
    reminders: remindersSlice.reducer(reminders, action),
    subscriptions: subscriptionsSlice.reducer(subscriptions, action),
  };
}

/** The test member's wearer. */
export const testWearer: Wearer = {
  WearerID: 5,
  MemberId: testMember.MemberId,
  ClientId: 1,
  Email: testMember.Email,
  NameFirst: 'Dana',
  NameLast: 'Berg',
  PhoneNumber: null,
  DateOfBirth: null,
  Sex: 'Unspecified',
  LanguageCode: 'en',
  ActivityTypes: ['HIKING'],
  StravaDetails: null,
  TermsAcceptedTimestamp: null,
  MarketingOptInTimestamp: null,
  CommunicationOptions: DEFAULT_COMMUNICATION_OPTIONS,
};

/** A daily reminder of wearer 5 from `start` to `end` (`HH:mm`). */
export function reminder(id: number, start: string, end: string, text = 'Pills'): WearerReminder {
  return {
    WearerReminderID: id,
    WearerID: 5,
    ReminderTemplateID: null,
    Text: text,
    StartTime: start,
    EndTime: end,
    DaysOfWeek: [1, 2, 3, 4, 5, 6, 7],
    DeliveryMethods: ['DEVICE'],
    SnoozeMinutes: 10,
  };
}

export const template: ReminderTemplate = {
  ReminderTemplateID: 1,
  Name: 'Medicine',
  Text: 'Take your medicine',
  StartTime: '08:00',
  EndTime: '08:30',
  DaysOfWeek: [1, 2, 3, 4, 5, 6, 7],
  DeliveryMethods: ['DEVICE'],
  SnoozeMinutes: 5,
};

/** A subscription expiring at `expiry` (epoch ms). */
export function subscription(id: number, expiry: number, deleted = false): Subscription {
  return {
    SubscriptionID: id,
    PaymentGatewaySubscriptionId: null,
    ExpiryTimestamp: expiry,
    Deleted: deleted,
  };
}

/** One call the epics made: contract name, request, virtual ms. */
export type CallRecord = readonly [string, unknown, number];

/** Fake answers by call name; a call without one errors. */
export type CallHandlers = Readonly<Record<string, (request: never) => Observable<unknown>>>;

export interface EntitiesStoreOptions {
  readonly epics: ReadonlyArray<Epic<Action, Action, EntitiesRootState, StoreDependencies>>;
  readonly calls?: CallHandlers;
  /** Slices over a signed-in member's started state (member loaded, no wearer). */
  readonly state?: Partial<EntitiesRootState>;
}

/**
 * `epics` on a store of the root reducer plus the reminders and subscriptions slices, in the virtual
 * time of `ts` (call inside `ts.run`), with fake member calls. `actions$` replays every dispatched
 * action of the given slices (`reminders/*`, `subscriptions/*`) by type; `calls` lists the calls.
 */
export function entitiesStore(ts: TestScheduler, options: EntitiesStoreOptions) {
  const calls: CallRecord[] = [];
  const handlers = options.calls ?? {};
  const memberCalls: MemberCalls = {
    call: <C extends CallDef>(def: C, request: CallRequest<C>) =>
      defer(() => {
        calls.push([def.name, request, ts.now()]);
        const handler = handlers[def.name] as
          ((request: unknown) => Observable<unknown>) | undefined;
        return handler ? handler(request) : throwError(() => new Error(`no fake for ${def.name}`));
      }) as Observable<CallResponse<C>>,
  };
  const deps = testDependencies({ now: () => ts.now(), memberCalls: () => memberCalls });
  const recorded$ = new ReplaySubject<Action>();
  const recorder: Middleware = () => (next) => (action) => {
    recorded$.next(action as Action);
    return next(action);
  };
  const epicMiddleware = createEpicMiddleware<Action, Action, EntitiesRootState, StoreDependencies>(
    { dependencies: deps },
  );
  const started = startedState(signedInIdentity(10 * 3_600_000), testClient);
  const store = configureStore({
    reducer: entitiesRootReducer,
    preloadedState: {
      ...started,
      reminders: remindersSlice.getInitialState(),
      subscriptions: subscriptionsSlice.getInitialState(),
      ...options.state,
    },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(
        recorder,
        epicMiddleware,
      ),
  });
  epicMiddleware.run(combineEpics(...options.epics));
  return {
    store,
    calls,
    actions$: recorded$.pipe(
      filter((a) => /^(reminders|subscriptions)\//.test(a.type)),
      map((a) => a.type.slice(a.type.indexOf('/') + 1)),
    ),
    drive(input$: Observable<Action>) {
      input$.subscribe((action) => store.dispatch(action));
    },
  };
}
