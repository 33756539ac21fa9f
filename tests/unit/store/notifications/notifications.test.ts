import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { Subject, map } from 'rxjs';
import {
  notificationDismissEpic,
  logoutNoticeEpic,
} from '../../../../src/store/notifications/notificationEpics';
import {
  notificationDismissed,
  notificationShown,
  notificationsSlice,
  selectNotifications,
} from '../../../../src/store/notifications/notificationsSlice';
import { notificationDurationMs, notify } from '../../../../src/store/notifications/notify';
import type { RootState } from '../../../../src/store/rootReducer';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { testDependencies } from '../testDependencies';

const scheduler = () =>
  new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

const state$ = new StateObservable<RootState>(new Subject<RootState>(), {} as RootState);

describe('notifications (spec §8: a notification stays 3000 ms plus 70 ms per character)', () => {
  it.each([
    ['', 3_000],
    ['You are logged out.', 3_000 + 19 * 70],
    ['Ø 🚴', 3_000 + 3 * 70],
  ])('%j stays %i ms', (text, ms) => {
    expect(notificationDurationMs(text)).toBe(ms);
  });

  it('notify sizes the duration by the translated text', () => {
    const action = notify({ translate: () => 'x'.repeat(10), now: () => 5 }, 'success', 'Any.Key');
    expect(action.payload).toMatchObject({ tone: 'success', key: 'Any.Key', durationMs: 3_700 });
  });

  it('dismisses each notification after its own duration (virtual time)', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const a = notificationShown({ id: 'a', tone: 'info', key: 'K', durationMs: 3_000 });
      const b = notificationShown({ id: 'b', tone: 'error', key: 'K', durationMs: 1_000 });
      const action$ = hot<Action>('a 499ms b', { a, b });
      const output$ = notificationDismissEpic(action$, state$, testDependencies());
      expectObservable(output$).toBe('1500ms y 1499ms x', {
        x: notificationDismissed({ id: 'a' }),
        y: notificationDismissed({ id: 'b' }),
      });
    });
  });

  it('tells why a session ended', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a b', {
        a: loggedOut({ reason: 'user' }),
        b: loggedOut({ reason: 'inactivity' }),
      });
      const deps = testDependencies({ now: () => 0, translate: () => '' });
      const keys$ = logoutNoticeEpic(action$, state$, deps).pipe(
        map((action) => (notificationShown.match(action) ? action.payload.key : action.type)),
      );
      expectObservable(keys$).toBe('a b', {
        a: 'Auth.Notices.LoggedOut',
        b: 'Session.LoggedOutInactive',
      });
    });
  });

  it('notifications -> notificationShown / notificationDismissed', () => {
    const shown = notificationsSlice.reducer(
      undefined,
      notificationShown({ id: 'n1', tone: 'info', key: 'K', durationMs: 1 }),
    );
    expect(shown.ids).toEqual(['n1']);
    expect(notificationsSlice.reducer(shown, notificationDismissed({ id: 'n1' })).ids).toEqual([]);
  });

  it('selectNotifications keeps its array while the notifications are unchanged (no re-render per store change)', () => {
    const notifications = notificationsSlice.reducer(
      undefined,
      notificationShown({ id: 'a', tone: 'info', key: 'Common.Close', durationMs: 3_000 }),
    );
    const state = { notifications } as unknown as RootState;
    const first = selectNotifications(state);
    expect(selectNotifications({ ...state })).toBe(first);
  });
});
