import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  accountCreationRequested,
  emailConfirmationRequested,
} from '../../../../src/features/auth/authSlice';
import {
  emailAttributeVerificationRequested,
  passwordChangeRequested,
  passwordResetRequested,
  phoneVerificationRequested,
} from '../../../../src/features/auth/accountSlice';
import { emailChangeConfirmRequested } from '../../../../src/features/auth/emailChangeSlice';
import {
  deviceActivationRequested,
  pendingActivationRemembered,
} from '../../../../src/features/devices/activationSlice';
import { devOutboxLoaded } from '../../../../src/features/devtools/devOutboxSlice';
import {
  ACTION_LOG_CAPACITY,
  ACTION_LOG_FORMAT,
  createActionLog,
} from '../../../../src/store/actionLog/actionLog';
import { REDACTED } from '../../../../src/store/actionLog/redact';
import {
  ActionLogGapError,
  parseActionLog,
  replayActionLog,
} from '../../../../src/store/actionLog/replay';
import type { AppEpic } from '../../../../src/store/epic';
import { notificationShown } from '../../../../src/store/notifications/notificationsSlice';
import {
  identityRefreshed,
  memberTokenLoaded,
  selectMemberIntegrationToken,
  signInRequested,
  signInSucceeded,
} from '../../../../src/store/session/sessionSlice';
import { themePreferenceChanged } from '../../../../src/store/slices/preferencesSlice';
import { createAppStore } from '../../../../src/store/store';
import { signedInIdentity, startedState, testDependencies } from '../testDependencies';

const T0 = Date.UTC(2026, 10, 22, 12);

/** A store started as a signed-in member with a clock the test moves, logging into `capacity`. */
function startStore(options: { capacity?: number; epics?: readonly AppEpic[] } = {}) {
  let clock = T0;
  const dependencies = testDependencies({ now: () => clock });
  const preloadedState = startedState(signedInIdentity(T0 + 3_600_000), null);
  const store = createAppStore({
    dependencies,
    preloadedState,
    ...(options.epics ? { epics: options.epics } : {}),
    ...(options.capacity
      ? { actionLog: createActionLog({ now: dependencies.now, capacity: options.capacity }) }
      : {}),
  });
  return {
    store,
    preloadedState,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

const notice = (id: string) =>
  notificationShown({ id, tone: 'info', key: 'Test.Notice', durationMs: 3_000 });

describe('action log: recording (issue 6 item 4)', () => {
  it('records each dispatched action with its time, in the order the reducer saw them', () => {
    const { store, tick } = startStore();
    const before = store.actionLog.entries().length;
    store.dispatch(themePreferenceChanged('dark'));
    tick(1_500);
    store.dispatch(notice('n1'));
    const entries = store.actionLog.entries().slice(before);
    expect(entries.map((e) => [e.action.type, e.timeMs])).toEqual([
      [themePreferenceChanged.type, T0],
      [notificationShown.type, T0 + 1_500],
    ]);
    expect(entries[0]?.action).toEqual(themePreferenceChanged('dark'));
    expect(entries.map((e) => e.seq)).toEqual([before + 1, before + 2]);
  });

  it('records the actions epics dispatch, after the action that caused them', () => {
    const echo: AppEpic = (action$) =>
      action$.pipe(
        filter(themePreferenceChanged.match),
        map(() => notice('from-epic')),
      );
    const { store } = startStore({ epics: [echo] });
    const before = store.actionLog.entries().length;
    store.dispatch(themePreferenceChanged('light'));
    const types = store.actionLog
      .entries()
      .slice(before)
      .map((e) => e.action.type);
    expect(types.slice(0, 2)).toEqual([themePreferenceChanged.type, notificationShown.type]);
  });

  it('does not record what never reaches the reducer (a thunk)', () => {
    const { store } = startStore();
    const before = store.actionLog.entries().length;
    store.dispatch(() => undefined);
    expect(store.actionLog.entries()).toHaveLength(before);
  });

  it('is bounded: the oldest entries are dropped, and the export says how many', () => {
    const { store } = startStore({ capacity: 10 });
    for (let i = 0; i < 25; i += 1) store.dispatch(notice(`n${i}`));
    const log = parseActionLog(store.actionLog.exportActionLog());
    expect(log.entries).toHaveLength(10);
    expect(log.capacity).toBe(10);
    expect(log.entries[0]?.seq).toBe(log.dropped + 1);
    expect(log.entries.at(-1)?.action).toEqual(notice('n24'));
    // Replaying from the initial state needs the first actions: a cut log is refused.
    expect(() => replayActionLog(log)).toThrow(ActionLogGapError);
  });

  it('holds 5,000 actions by default', () => {
    expect(ACTION_LOG_CAPACITY).toBe(5_000);
    const log = createActionLog({ now: () => T0 });
    const api = { getState: () => undefined, dispatch: <A>(action: A) => action };
    const reducer = log.middleware(api)((action: unknown) => action);
    for (let i = 1; i <= ACTION_LOG_CAPACITY + 20; i += 1)
      reducer({ type: 'test/counted', payload: i });
    const snapshot = log.snapshot();
    expect(snapshot.entries).toHaveLength(ACTION_LOG_CAPACITY);
    expect(snapshot.dropped).toBe(20);
    expect(snapshot.entries[0]).toEqual({
      seq: 21,
      timeMs: T0,
      action: { type: 'test/counted', payload: 21 },
    });
  });

  it('exports JSON text that reads back and replays to the live state', () => {
    const { store, preloadedState } = startStore();
    store.dispatch(themePreferenceChanged('dark'));
    store.dispatch(notice('n1'));
    const text = store.actionLog.exportActionLog();
    const log = parseActionLog(text);
    expect(log).toMatchObject({ format: ACTION_LOG_FORMAT, version: 1, dropped: 0 });
    expect(replayActionLog(log, preloadedState)).toEqual(store.getState());
  });

  it('refuses text that is not an action log', () => {
    expect(() => parseActionLog('{"format":"other"}')).toThrow();
    expect(() => parseActionLog('not json')).toThrow(SyntaxError);
  });
});

describe('action log: secrets never appear (issue 6 item 4 redaction)', () => {
  const PASSWORD = 'Hunter2-Fjord!';
  const NEW_PASSWORD = 'Brand-New-Pa55';
  const CODES = ['918273', '564738', '102938', '847362', '665544', '778899', '121314'];
  const MEMBER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.bWVtYmVyLXRva2Vu.c2lnLW1lbWJlcg';
  const ID_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.aWQtdG9rZW4.c2lnLWlk';
  const SHARE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2hhcmU.c2lnLXNoYXJl';

  function dispatchSecrets() {
    const { store, preloadedState } = startStore();
    const identity = { ...signedInIdentity(T0 + 3_600_000), idToken: ID_TOKEN };
    const [c0, c1, c2, c3, c4, c5, c6] = CODES as [string, ...string[]];
    store.dispatch(signInRequested({ email: 'dana@example.com', password: PASSWORD }));
    store.dispatch(signInSucceeded(identity));
    store.dispatch(identityRefreshed(identity));
    store.dispatch(memberTokenLoaded(MEMBER_TOKEN));
    store.dispatch(passwordChangeRequested({ current: PASSWORD, password: NEW_PASSWORD }));
    store.dispatch(
      passwordResetRequested({ email: 'dana@example.com', code: c0, password: NEW_PASSWORD }),
    );
    store.dispatch(
      accountCreationRequested({
        email: 'dana@example.com',
        password: PASSWORD,
        nameFirst: 'Dana',
        nameLast: 'Berg',
        country: 'NO',
        subRegion: '',
      }),
    );
    store.dispatch(emailConfirmationRequested({ email: 'dana@example.com', code: c1 ?? '' }));
    store.dispatch(phoneVerificationRequested({ code: c2 ?? '' }));
    store.dispatch(emailAttributeVerificationRequested({ code: c3 ?? '' }));
    store.dispatch(emailChangeConfirmRequested({ code: c4 ?? '' }));
    store.dispatch(
      deviceActivationRequested({
        Code: c5 ?? '',
        DeviceNickname: 'Watch',
        DeviceType: 'BRACELET',
        Imei: '356938035643809',
      }),
    );
    store.dispatch(pendingActivationRemembered({ imei: '356938035643809', code: c6 ?? '' }));
    store.dispatch(
      devOutboxLoaded([
        {
          To: 'dana@example.com',
          Channel: 'email',
          Subject: 'Your code',
          Body: `Your code is ${c1 ?? ''}`,
          Code: c1 ?? '',
          SentTimestamp: T0,
        },
      ]),
    );
    // An unmarked action is still caught by its field names.
    store.dispatch({ type: 'share/opened', payload: { ShareToken: SHARE_TOKEN, ActivityId: 7 } });
    return { store, preloadedState };
  }

  it('keeps no password, code or token in the export or the entries', () => {
    const { store } = dispatchSecrets();
    const texts = [store.actionLog.exportActionLog(), JSON.stringify(store.actionLog.entries())];
    for (const text of texts) {
      for (const secret of [
        PASSWORD,
        NEW_PASSWORD,
        MEMBER_TOKEN,
        ID_TOKEN,
        SHARE_TOKEN,
        ...CODES,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('keeps the types and says what it redacted', () => {
    const { store } = dispatchSecrets();
    const byType = new Map(store.actionLog.entries().map((e) => [e.action.type, e]));
    expect(byType.get(signInRequested.type)).toMatchObject({
      action: {
        type: signInRequested.type,
        payload: { email: REDACTED, password: REDACTED },
        meta: { sensitive: true },
      },
      redacted: ['payload'],
    });
    expect(byType.get(signInSucceeded.type)).toMatchObject({
      action: { payload: { email: 'dana@example.com', idToken: REDACTED } },
      redacted: ['payload.idToken'],
    });
    expect(byType.get('share/opened')).toMatchObject({
      action: { payload: { ShareToken: REDACTED, ActivityId: 7 } },
      redacted: ['payload.ShareToken'],
    });
    expect(byType.get(themePreferenceChanged.type)).toBeUndefined();
  });

  it('replays to the live state, except that stored secrets hold the marker', () => {
    const { store, preloadedState } = dispatchSecrets();
    const live = store.getState();
    const replayed = replayActionLog(store.actionLog.entries(), preloadedState);
    expect(selectMemberIntegrationToken(live)).toBe(MEMBER_TOKEN);
    expect(selectMemberIntegrationToken(replayed)).toBe(REDACTED);
    expect(replayed.session.identity?.idToken).toBe(REDACTED);
    const unmask = (state: typeof live) => ({
      ...state,
      session: { ...state.session, memberIntegrationToken: null, identity: null },
      deviceActivation: undefined,
      devOutbox: undefined,
    });
    expect(unmask(replayed)).toEqual(unmask(live));
    expect(replayed.session.identity).toEqual({ ...live.session.identity, idToken: REDACTED });
  });
});
