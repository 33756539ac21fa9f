import { map, mergeMap, throwError, timer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { EntityChange } from '../../../../src/api/socket';
import { remindersEpics } from '../../../../src/store/entities/remindersEpics';
import { remindersReceived, remindersSlice } from '../../../../src/store/entities/remindersSlice';
import { wearerReceived } from '../../../../src/store/entities/wearerSlice';
import { entityChangesReceived } from '../../../../src/store/realtime/realtimeSlice';
import {
  entitiesStore,
  reminder,
  template,
  testWearer,
  type CallHandlers,
  type EntitiesRootState,
} from './entitiesTestKit';

const V = { q: 'remindersRequested', r: 'remindersReceived', f: 'remindersLoadFailed' };

/** The answer `value` after `ms` of virtual time. */
const answer = <T>(ms: number, value: T): Observable<T> => timer(ms).pipe(map(() => value));
/** No connection, after `ms` of virtual time. */
const failure = (ms: number): Observable<never> =>
  timer(ms).pipe(mergeMap(() => throwError(() => new Error('offline'))));

const loadAnswer = {
  WearerReminders: [reminder(1, '08:00', '08:30')],
  ReminderTemplates: [template],
};

const change = (
  EntityType: EntityChange['EntityType'],
  WearerID: number | null = 5,
): EntityChange => ({ EntityType, EntityId: 9, ChangeType: 'updated', Timestamp: 0, WearerID });

const wearerState: Partial<EntitiesRootState> = {
  wearer: { status: 'loaded', received: true, wearer: testWearer },
};
/** Reminders of wearer 5 held, and the wearer. */
const heldState: Partial<EntitiesRootState> = {
  ...wearerState,
  reminders: remindersSlice.reducer(
    undefined,
    remindersReceived({ WearerID: 5, ...loadAnswer, WearerReminders: [] }),
  ),
};

interface Scenario {
  readonly state?: Partial<EntitiesRootState>;
  readonly calls?: CallHandlers;
  readonly input: string;
  readonly actions: Record<string, unknown>;
  readonly expected: string;
}

function run(scenario: Scenario) {
  const ts = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  let kit: ReturnType<typeof entitiesStore> | undefined;
  ts.run(({ hot, expectObservable }) => {
    kit = entitiesStore(ts, {
      epics: remindersEpics,
      calls: scenario.calls ?? { 'load-wearer-reminders': () => answer(20, loadAnswer) },
      state: scenario.state,
    });
    kit.drive(hot(scenario.input, scenario.actions as never));
    expectObservable(kit.actions$).toBe(scenario.expected, V);
  });
  if (!kit) throw new Error('the run did not start');
  return kit;
}

describe('reminders load (spec §7 load-wearer-reminders/{WearerID})', () => {
  it('loads once the wearer is known, once per wearer (not again while loading or after)', () => {
    const { calls, store } = run({
      input: 'w 9ms w 89ms w',
      actions: { w: wearerReceived(testWearer) },
      expected: 'q 19ms r',
    });
    expect(calls).toEqual([['load-wearer-reminders', { WearerID: 5 }, 0]]);
    expect(store.getState().reminders).toMatchObject({
      ids: [1],
      wearerId: 5,
      templates: [template],
    });
  });

  it('loads another wearer’s reminders when the wearer changes', () => {
    const { calls } = run({
      state: heldState,
      input: 'w',
      actions: { w: wearerReceived({ ...testWearer, WearerID: 6 }) },
      expected: 'q 19ms r',
    });
    expect(calls).toEqual([['load-wearer-reminders', { WearerID: 6 }, 0]]);
  });

  it('fails without a call when no wearer is loaded, and when the call fails', () => {
    const noWearer = run({
      state: { reminders: heldState.reminders },
      input: '5ms c',
      actions: { c: entityChangesReceived([change('WearerReminder')]) },
      expected: '5ms (qf)',
    });
    expect(noWearer.calls).toEqual([]);
    run({
      state: heldState,
      calls: { 'load-wearer-reminders': () => failure(30) },
      input: '5ms c',
      actions: { c: entityChangesReceived([change('WearerReminder')]) },
      expected: '5ms q 29ms f',
    });
  });
});

describe('reminders refresh on their change events (spec §3)', () => {
  it('reloads at once per batch; a newer reload cancels one in flight (switchMap)', () => {
    const { calls } = run({
      state: heldState,
      input: '10ms c 4ms d',
      actions: {
        c: entityChangesReceived([change('WearerReminder'), change('WearerReminder')]),
        d: entityChangesReceived([change('Activity'), change('WearerReminder', null)]),
      },
      expected: '10ms q 4ms q 19ms r',
    });
    expect(calls.map(([, , at]) => at)).toEqual([10, 15]);
  });

  it('ignores other entity types, other wearers’ reminders, and reminders never loaded', () => {
    const other = run({
      state: heldState,
      input: 'a 9ms b',
      actions: {
        a: entityChangesReceived([change('Wearer'), change('Subscription'), change('Alert')]),
        b: entityChangesReceived([change('WearerReminder', 6)]),
      },
      expected: '',
    });
    expect(other.calls).toEqual([]);
    run({
      state: wearerState,
      input: 'c',
      actions: { c: entityChangesReceived([change('WearerReminder')]) },
      expected: '',
    });
  });
});
