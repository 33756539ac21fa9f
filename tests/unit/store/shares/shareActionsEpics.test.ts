import type { Action } from '@reduxjs/toolkit';
import { Observable, filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../../src/api/client/apiErrors';
import type { MessageThread, Reply } from '../../../../src/api/entities/message';
import { messageThreadChangeEpic } from '../../../../src/store/activities/messageThreadChangeEpic';
import { selectMessageThreadOfActivity } from '../../../../src/store/activities/messageThreadsSlice';
import { entityChangesReceived } from '../../../../src/store/realtime/realtimeSlice';
import { NAME_NEEDED_KEY, shareActionsEpics } from '../../../../src/store/shares/shareActionsEpics';
import {
  guardianNameChosen,
  pauseMinutesUntil,
  selectShareNote,
  selectShareResolve,
  selectShareSend,
  selectShareThreadState,
  selectShareUnseenReplies,
  selectShareViewer,
  shareAlertNoteRequested,
  shareAlertResolveRequested,
  shareMessageSendRequested,
  shareThreadViewed,
} from '../../../../src/store/shares/shareActionsSlice';
import {
  sharedViewClosed,
  sharedViewLoaded,
  sharedViewRequested,
} from '../../../../src/store/shares/sharedViewsSlice';
import {
  GUARDIAN_NAME_STORAGE_KEY,
  SHARE_VIEWER_ID_STORAGE_KEY,
  THREAD_VIEWED_STORAGE_KEY_PREFIX,
} from '../../../../src/store/shares/shareViewer';
import { MESSAGE_THREAD_RELOAD_AUDIT_MS } from '../../../../src/store/timing';
import { createStorage, type KeyValueStorage } from '../../../../src/streams/storage';
import {
  answer,
  callsOf,
  failure,
  inVirtualTime,
  startStore,
  T0,
  type CallHandlers,
} from '../activities/activityTestKit';
import { ACTIVITY_SHARE_CLAIMS, shareToken } from './shareTokens';

const TOKEN = shareToken(ACTIVITY_SHARE_CLAIMS);
const MEMBER = { WearerID: 1, NameFirst: 'Dana', NameLast: 'Berg' };
const VIEWER_ID = '3f1c8a52-7a51-4d0c-9d43-8a0c6f6f2a10';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const requested = sharedViewRequested({ ShareToken: TOKEN });
const loaded = sharedViewLoaded({
  ShareToken: TOKEN,
  ActivityId: 7,
  Journey: null,
  MemberDetails: MEMBER,
});
const closed = sharedViewClosed({ ShareToken: TOKEN });

/** The thread of activity 7: one message, with the wearer's `replies`. */
function thread(replies: Reply[] = [], text = 'Are you OK?'): MessageThread {
  return {
    MessageThreadID: 5,
    ActivityId: 7,
    Messages: [
      {
        MessageID: 11,
        MessageText: text,
        SenderName: 'Kari',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: T0,
        WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: replies },
      },
    ],
  };
}

/** An in-memory browser storage. */
function memoryStorage(seed: Record<string, string> = {}): KeyValueStorage {
  const data = new Map(Object.entries(seed));
  return createStorage({
    get length() {
      return data.size;
    },
    clear: () => {
      data.clear();
    },
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, value);
    },
  });
}

/** A storage of a guardian who came before: viewer id and name known. */
const knownGuardian = () =>
  memoryStorage({ [SHARE_VIEWER_ID_STORAGE_KEY]: VIEWER_ID, [GUARDIAN_NAME_STORAGE_KEY]: 'Kari' });

const httpError = (
  call: string,
  status: number,
  code: 'ALERT_NOT_ACTIVE' | 'REQUEST_INVALID',
  issues?: { Path: string; Message: string }[],
) =>
  new Observable<never>((s) => {
    s.error(new HttpError(call, status, code, 'refused', issues));
  });

/** The store with the share actions' epics, `storage` and fake calls. */
function kitWith(
  scheduler: Parameters<typeof startStore>[0],
  calls: CallHandlers,
  storage: KeyValueStorage = knownGuardian(),
) {
  return startStore(scheduler, {
    epics: [...shareActionsEpics, messageThreadChangeEpic],
    calls,
    dependencies: { storage },
  });
}

describe('the share viewer (spec app §6 "Share viewer": notes and resolving need a viewer id)', () => {
  it('makes a viewer id once per app instance and remembers it and the guardian’s name', () => {
    const storage = memoryStorage();
    let first = '';
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {}, storage);
      kit.drive(hot('a b', { a: requested, b: guardianNameChosen({ GuardianName: 'Kari' }) }));
      flush();
      const viewer = selectShareViewer(kit.store.getState());
      expect(viewer?.ShareViewerId).toMatch(UUID);
      expect(viewer?.GuardianName).toBe('Kari');
      first = viewer?.ShareViewerId ?? '';
    });
    expect(storage.get(SHARE_VIEWER_ID_STORAGE_KEY)).toBe(first);
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {}, storage);
      kit.drive(hot('a', { a: requested }));
      flush();
      expect(selectShareViewer(kit.store.getState())).toEqual({
        ShareViewerId: first,
        GuardianName: 'Kari',
      });
    });
  });
});

describe('the thread of a shared activity (spec app §7 message-load-thread; §4 refresh on change events)', () => {
  it('loads when the share loads, with the viewer id, and not again on every reload of the share', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'message-load-thread': () => answer(50, { MessageThread: thread() }),
      });
      kit.drive(hot('a b 999ms b 999ms x', { a: requested, b: loaded, x: closed }));
      flush();
      expect(callsOf(kit.calls, 'message-load-thread')).toEqual([
        [1, { ShareToken: TOKEN, ActivityId: 7, ShareViewerId: VIEWER_ID }],
      ]);
      expect(selectMessageThreadOfActivity(kit.store.getState(), 7)?.MessageThreadID).toBe(5);
    });
  });

  it('reloads on message changes at most once per audit period, the last of a burst included', () => {
    expect(MESSAGE_THREAD_RELOAD_AUDIT_MS).toBe(1_000);
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'message-load-thread': () => answer(50, { MessageThread: thread() }),
      });
      const change = (EntityType: 'MessageThread' | 'MessageWearer' | 'Alert') =>
        entityChangesReceived([
          {
            EntityType,
            EntityId: EntityType === 'MessageWearer' ? 11 : 5,
            ChangeType: 'updated',
            Timestamp: T0,
            ActivityId: 7,
          },
        ]);
      kit.drive(
        hot('a b 499ms t 199ms w 1999ms n 1999ms x 9ms t', {
          a: requested,
          b: loaded,
          t: change('MessageThread'),
          w: change('MessageWearer'),
          n: change('Alert'),
          x: closed,
        }),
      );
      flush();
      // Loaded at 1 ms; changes at 501 and 701 ms → one reload at 1501 ms; an alert change is not a
      // message change; nothing after the view closed at 4.7 s.
      expect(callsOf(kit.calls, 'message-load-thread').map(([at]) => at)).toEqual([1, 1_501]);
    });
  });

  it('follows a journey share’s latest activity, and loads again for a view opened anew', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'message-load-thread': () => answer(50, { MessageThread: thread() }),
      });
      const journeyOf = (...starts: [number, number][]) =>
        sharedViewLoaded({
          ShareToken: TOKEN,
          ActivityId: null,
          Journey: {
            JourneyStart: T0,
            JourneyEnd: T0 + 3 * 86_400_000,
            ActivitySummaries: starts.map(([ActivityId, startMs]) => ({
              ActivityId,
              ActivityType: 'HIKING' as const,
              TimestampStart: startMs,
              TimestampEnd: null,
              ActivityStats: {
                Distance: { Displayed: 0, Meters: 0, Type: 'GNSS' as const },
                DurationMs: 0,
                SpeedAvgMPS: 0,
                SpeedMaxMPS: 0,
              },
            })),
          },
          MemberDetails: MEMBER,
        });
      const day1 = journeyOf([21, T0 + 3_600_000], [20, T0]);
      const day2 = journeyOf([20, T0], [21, T0 + 3_600_000], [22, T0 + 86_400_000]);
      // Loaded with activities 20 and 21 (21 the latest), reloaded unchanged, then with 22; closed
      // and opened again.
      kit.drive(
        hot('a b 999ms b 999ms c 999ms x 9ms a c', { a: requested, b: day1, c: day2, x: closed }),
      );
      flush();
      expect(
        callsOf(kit.calls, 'message-load-thread').map(([at, body]) => [
          at,
          (body as { ActivityId: number }).ActivityId,
        ]),
      ).toEqual([
        [1, 21],
        [2_001, 22],
        [3_012, 22],
      ]);
    });
  });

  it('tries again on the next load of the share after a failed load', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      let attempts = 0;
      const kit = kitWith(scheduler, {
        'message-load-thread': () =>
          ++attempts === 1 ? failure(50) : answer(50, { MessageThread: thread() }),
      });
      kit.drive(hot('a b 999ms b 999ms b 99ms x', { a: requested, b: loaded, x: closed }));
      flush();
      expect(callsOf(kit.calls, 'message-load-thread').map(([at]) => at)).toEqual([1, 1_001]);
      expect(selectShareThreadState(kit.store.getState(), TOKEN)).toBeUndefined();
    });
  });

  it('flags wearer replies later than this app instance last viewed the thread, and remembers a view', () => {
    const storage = knownGuardian();
    storage.set(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}7`, String(T0 + 1_000));
    inVirtualTime((scheduler, { hot, flush }) => {
      const reply = { ReplyText: 'Yes', ReceivedTime: T0 + 5_000 };
      const kit = kitWith(
        scheduler,
        { 'message-load-thread': () => answer(50, { MessageThread: thread([reply]) }) },
        storage,
      );
      kit.drive(hot('a b', { a: requested, b: loaded }));
      scheduler.schedule(() => {
        expect(selectShareUnseenReplies(kit.store.getState(), TOKEN)).toBe(true);
        kit.store.dispatch(
          shareThreadViewed({ ShareToken: TOKEN, ActivityId: 7, atMs: T0 + 6_000 }),
        );
        expect(selectShareUnseenReplies(kit.store.getState(), TOKEN)).toBe(false);
        kit.store.dispatch(closed);
      }, 100);
      flush();
    });
    expect(storage.get(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}7`)).toBe(String(T0 + 6_000));
  });
});

describe('messages to the wearer (spec app §7 message-send; policy §3 "Message"; §5)', () => {
  it('sends with the guardian’s name, the viewer id, reply options No and Yes, invalid characters removed', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'message-send': () => answer(80, { MessageThread: thread([], 'On my way !') }),
      });
      kit.drive(
        hot('a s', {
          a: requested,
          s: shareMessageSendRequested({
            ShareToken: TOKEN,
            ActivityId: 7,
            MessageText: 'On my way 🚴!',
          }),
        }),
      );
      flush();
      expect(callsOf(kit.calls, 'message-send')).toEqual([
        [
          1,
          {
            ShareToken: TOKEN,
            ShareViewerId: VIEWER_ID,
            ActivityId: 7,
            MessageText: 'On my way !',
            ReplyOptions: ['No', 'Yes'],
            SenderName: 'Kari',
          },
        ],
      ]);
      const state = kit.store.getState();
      expect(selectMessageThreadOfActivity(state, 7)?.Messages[0]?.MessageText).toBe('On my way !');
      expect(selectShareSend(state, TOKEN)).toEqual({
        phase: 'idle',
        errorKey: null,
        issues: {},
        doneCount: 1,
      });
    });
  });

  it.each([
    ['no connection', () => failure(10), { errorKey: 'Share.Messages.SendFailed', issues: {} }],
    [
      'a refused field',
      () =>
        httpError('message-send', 400, 'REQUEST_INVALID', [
          { Path: 'body.MessageText', Message: 'Validations.NoteTextInvalid' },
        ]),
      {
        errorKey: 'Validations.InvalidValues',
        issues: { MessageText: 'Validations.NoteTextInvalid' },
      },
    ],
    [
      'a refused field whose message is not a key (never shown verbatim)',
      () =>
        httpError('message-send', 400, 'REQUEST_INVALID', [
          { Path: 'body.ReplyOptions', Message: 'Too big: expected array to have <=4 items' },
        ]),
      {
        errorKey: 'Validations.InvalidValues',
        issues: { ReplyOptions: 'Validations.InvalidValues' },
      },
    ],
  ])('shows why a send failed: %s', (_name, send, expected) => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, { 'message-send': send });
      kit.drive(
        hot('a s', {
          a: requested,
          s: shareMessageSendRequested({
            ShareToken: TOKEN,
            ActivityId: 7,
            MessageText: 'Hello',
            ReplyOptions: ['OK'],
          }),
        }),
      );
      flush();
      expect(selectShareSend(kit.store.getState(), TOKEN)).toEqual({
        phase: 'failed',
        doneCount: 0,
        ...expected,
      });
    });
  });

  it('asks for the guardian’s name before sending anything', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {}, memoryStorage());
      kit.drive(
        hot('a s', {
          a: requested,
          s: shareMessageSendRequested({ ShareToken: TOKEN, ActivityId: 7, MessageText: 'Hello' }),
        }),
      );
      flush();
      expect(kit.calls).toEqual([]);
      expect(selectShareSend(kit.store.getState(), TOKEN).errorKey).toBe(NAME_NEEDED_KEY);
    });
  });
});

describe('alert actions of a guardian (spec app §7 alert-add-note, alert-resolve-pause; policy §4)', () => {
  it('adds a note with the name and viewer id, then reloads the share', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = kitWith(scheduler, { 'alert-add-note': () => answer(40, { Success: true }) });
      kit.drive(
        hot('a n', {
          a: requested,
          n: shareAlertNoteRequested({
            ShareToken: TOKEN,
            AlertID: 3,
            NoteText: 'Calling her now ☎',
          }),
        }),
      );
      const reloads = kit.actions$.pipe(
        filter((action: Action) => sharedViewRequested.match(action)),
      );
      expectObservable(reloads, '^ 100ms !').toBe('a 40ms a', { a: requested });
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, 'alert-add-note')).toEqual([
          [
            1,
            {
              ShareToken: TOKEN,
              ShareViewerId: VIEWER_ID,
              AlertID: 3,
              GuardianName: 'Kari',
              NoteText: 'Calling her now ',
            },
          ],
        ]);
        expect(selectShareNote(kit.store.getState(), 3).doneCount).toBe(1);
      }, 100);
    });
  });

  it('does not open the share again when the viewer left before the answer', () => {
    // A reload after the page closed the view would open it again, with a socket nothing closes.
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = kitWith(scheduler, { 'alert-add-note': () => answer(40, { Success: true }) });
      kit.drive(
        hot('a n 9ms c', {
          a: requested,
          n: shareAlertNoteRequested({ ShareToken: TOKEN, AlertID: 3, NoteText: 'On my way' }),
          c: sharedViewClosed({ ShareToken: TOKEN }),
        }),
      );
      const reloads = kit.actions$.pipe(
        filter((action: Action) => sharedViewRequested.match(action)),
      );
      expectObservable(reloads, '^ 100ms !').toBe('a', { a: requested });
    });
  });

  it('resolves with a pause in minutes, then reloads the share', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'alert-resolve-pause': () => answer(40, { Success: true }),
      });
      kit.drive(
        hot('a r', {
          a: requested,
          r: shareAlertResolveRequested({
            ShareToken: TOKEN,
            AlertID: 3,
            ResolveText: 'She is fine',
            PauseMinutes: 60,
          }),
        }),
      );
      flush();
      expect(callsOf(kit.calls, 'alert-resolve-pause')).toEqual([
        [
          1,
          {
            ShareToken: TOKEN,
            ShareViewerId: VIEWER_ID,
            AlertID: 3,
            GuardianName: 'Kari',
            ResolveText: 'She is fine',
            PauseMinutes: 60,
          },
        ],
      ]);
      expect(selectShareResolve(kit.store.getState(), 3)).toEqual({
        phase: 'idle',
        errorKey: null,
        issues: {},
        doneCount: 1,
      });
    });
  });

  it('shows ‘The alert is no longer active’ when the server answers ALERT_NOT_ACTIVE, and reloads the share', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'alert-resolve-pause': () => httpError('alert-resolve-pause', 409, 'ALERT_NOT_ACTIVE'),
        'alert-add-note': () => httpError('alert-add-note', 409, 'ALERT_NOT_ACTIVE'),
      });
      const reloads: Action[] = [];
      kit.actions$
        .pipe(filter((action: Action) => sharedViewRequested.match(action)))
        .subscribe((a) => reloads.push(a));
      kit.drive(
        hot('a r n', {
          a: requested,
          r: shareAlertResolveRequested({
            ShareToken: TOKEN,
            AlertID: 3,
            ResolveText: 'Fine',
            PauseMinutes: 0,
          }),
          n: shareAlertNoteRequested({ ShareToken: TOKEN, AlertID: 3, NoteText: 'Fine' }),
        }),
      );
      flush();
      const state = kit.store.getState();
      expect(selectShareResolve(state, 3)).toMatchObject({
        phase: 'failed',
        errorKey: 'Errors.AlertNotActive',
      });
      expect(selectShareNote(state, 3)).toMatchObject({
        phase: 'failed',
        errorKey: 'Errors.AlertNotActive',
      });
      expect(reloads).toEqual([requested, requested, requested]);
    });
  });

  it('sends nothing while a resolve of the same alert is in flight', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'alert-resolve-pause': () => answer(100, { Success: true }),
      });
      const resolve = shareAlertResolveRequested({
        ShareToken: TOKEN,
        AlertID: 3,
        ResolveText: 'Fine',
        PauseMinutes: 30,
      });
      kit.drive(hot('a r 9ms r', { a: requested, r: resolve }));
      flush();
      expect(callsOf(kit.calls, 'alert-resolve-pause').map(([at]) => at)).toEqual([1]);
    });
  });

  it('a network failure keeps a retryable failure', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = kitWith(scheduler, {
        'alert-add-note': () =>
          new Observable<never>((s) => {
            s.error(new NetworkError('alert-add-note', new Error('offline')));
          }),
      });
      kit.drive(
        hot('a n', {
          a: requested,
          n: shareAlertNoteRequested({ ShareToken: TOKEN, AlertID: 3, NoteText: 'x' }),
        }),
      );
      flush();
      expect(selectShareNote(kit.store.getState(), 3)).toMatchObject({
        phase: 'failed',
        errorKey: 'Share.AlertActions.NoteFailed',
      });
    });
  });
});

describe('pauseMinutesUntil (policy §4 "until a stated end time")', () => {
  it('rounds a stated end up to whole minutes, and refuses an end that is not in the future', () => {
    expect(pauseMinutesUntil(T0 + 90 * 60_000, T0)).toBe(90);
    expect(pauseMinutesUntil(T0 + 90 * 60_000 + 1, T0)).toBe(91);
    expect(pauseMinutesUntil(T0, T0)).toBeNull();
    expect(pauseMinutesUntil(Number.NaN, T0)).toBeNull();
  });
});
