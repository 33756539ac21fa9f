import { map, mergeMap, throwError, timer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { EntityChange } from '../../../../src/api/socket';
import { subscriptionsEpics } from '../../../../src/store/entities/subscriptionsEpics';
import { selectCurrentSubscription } from '../../../../src/store/entities/subscriptionsSlice';
import { entityChangesReceived } from '../../../../src/store/realtime/realtimeSlice';
import { memberLoaded } from '../../../../src/store/session/sessionSlice';
import { testMember } from '../testDependencies';
import { entitiesStore, subscription, type CallHandlers } from './entitiesTestKit';

const V = { q: 'subscriptionsRequested', r: 'subscriptionsReceived', f: 'subscriptionsLoadFailed' };

const answer = <T>(ms: number, value: T): Observable<T> => timer(ms).pipe(map(() => value));
const failure = (ms: number): Observable<never> =>
  timer(ms).pipe(mergeMap(() => throwError(() => new Error('offline'))));

const change = (EntityType: EntityChange['EntityType']): EntityChange => ({
  EntityType,
  EntityId: 3,
  ChangeType: 'updated',
  Timestamp: 0,
  WearerID: 5,
});

function run(
  calls: CallHandlers,
  input: string,
  actions: Record<string, unknown>,
  expected: string,
) {
  const ts = new TestScheduler((actual, wanted) => {
    expect(actual).toEqual(wanted);
  });
  let kit: ReturnType<typeof entitiesStore> | undefined;
  ts.run(({ hot, expectObservable }) => {
    kit = entitiesStore(ts, { epics: subscriptionsEpics, calls });
    kit.drive(hot(input, actions as never));
    expectObservable(kit.actions$).toBe(expected, V);
  });
  if (!kit) throw new Error('the run did not start');
  return kit;
}

describe('subscriptions (spec §7 GET subscriptions; §4 current subscription)', () => {
  it('load with the member, and reload on a Subscription change once held', () => {
    let expiry = 300;
    const { calls, store } = run(
      {
        subscriptions: () =>
          answer(20, { Subscriptions: [subscription(1, expiry), subscription(2, (expiry += 1))] }),
      },
      'c 9ms m 99ms c 9ms d',
      {
        m: memberLoaded(testMember),
        c: entityChangesReceived([change('Subscription')]),
        d: entityChangesReceived([change('WearerReminder'), change('Wearer')]),
      },
      '10ms q 19ms r 79ms q 19ms r',
    );
    expect(calls.map(([name, , at]) => [name, at])).toEqual([
      ['subscriptions', 10],
      ['subscriptions', 110],
    ]);
    expect(selectCurrentSubscription(store.getState())?.SubscriptionID).toBe(1);
  });

  it('a failed load keeps nothing and says so', () => {
    run({ subscriptions: () => failure(15) }, 'm', { m: memberLoaded(testMember) }, 'q 14ms f');
  });
});
