import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { MessageThread } from '../../../../src/api/entities/message';
import {
  activityDetailHidden,
  activityDetailShown,
} from '../../../../src/store/activities/activityEvents';
import { activityMessagesEpic } from '../../../../src/store/activities/activityMessagesEpic';
import {
  messageThreadReceived,
  messageThreadRefreshRequested,
  selectMessageThreadOfActivity,
} from '../../../../src/store/activities/messageThreadsSlice';
import { socketVerified } from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { MESSAGE_THREAD_RELOAD_AUDIT_MS } from '../../../../src/store/timing';
import { answer, callsOf, failure, inVirtualTime, SECOND, startStore, T0 } from './activityTestKit';

/*
 * The member's detail page loads its activity's messages (docs/activities.md "Messages";
 * member-wearer-activity-messages) while shown, and again on message changes, in virtual time.
 */

const MESSAGES = 'member-wearer-activity-messages';
const shown = activityDetailShown({ ActivityId: 1 });
const hidden = activityDetailHidden({ ActivityId: 1 });
const changed = messageThreadRefreshRequested({ ActivityId: 1, MessageThreadID: 7 });
const otherChanged = messageThreadRefreshRequested({ ActivityId: 2, MessageThreadID: 8 });

/** Activity 1's thread with `replies` replies to its one message. */
function thread(replies: number): MessageThread {
  return {
    MessageThreadID: 7,
    ActivityId: 1,
    Messages: [
      {
        MessageID: 70,
        MessageText: 'Are you OK?',
        SenderName: 'Mum',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: T0,
        WearerMessageState: {
          DeliveredTime: T0 + SECOND,
          SeenTime: replies > 0 ? T0 + 2 * SECOND : null,
          Replies: Array.from({ length: replies }, (_, i) => ({
            ReplyText: 'Yes',
            ReceivedTime: T0 + (i + 2) * SECOND,
          })),
        },
      },
    ],
  };
}

/** A server whose thread gains a reply with each call (0, 1, 2 …); `nullFirst`: none at first. */
function growingThread(nullFirst = false) {
  let calls = 0;
  return {
    [MESSAGES]: () => {
      calls += 1;
      const n = nullFirst ? calls - 2 : calls - 1;
      return answer(100, { MessageThread: n < 0 ? null : thread(n) });
    },
  };
}

const loadTimes = (calls: Parameters<typeof callsOf>[0]) =>
  callsOf(calls, MESSAGES).map(([atMs]) => atMs);

describe('activityMessagesEpic', () => {
  it('loads the thread when the page shows, and once per burst of changes to that activity', () => {
    expect(MESSAGE_THREAD_RELOAD_AUDIT_MS).toBe(1_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [activityMessagesEpic], calls: growingThread() });
      // Three changes within 400 ms → one reload 1 s after the first; a change of activity 2 → none.
      kit.drive(
        hot('a 5s c 199ms c 199ms c 9s o', {
          a: shown,
          c: changed,
          o: otherChanged,
        }),
      );
      expectObservable(kit.actions$.pipe(filter(messageThreadReceived.match))).toBe(
        '100ms r 6000ms s',
        { r: messageThreadReceived(thread(0)), s: messageThreadReceived(thread(1)) },
      );
      scheduler.schedule(() => {
        expect(loadTimes(kit.calls)).toEqual([0, 6_001]);
        expect(callsOf(kit.calls, MESSAGES)[0]?.[1]).toEqual({ ActivityId: 1 });
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toEqual(thread(1));
      }, 60_000);
    });
  });

  it('stores nothing while nobody wrote, then the thread once a message arrives', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [activityMessagesEpic],
        calls: growingThread(true),
      });
      kit.drive(hot('a 10s c', { a: shown, c: changed }));
      scheduler.schedule(() => {
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toBeNull();
      }, 5_000);
      scheduler.schedule(() => {
        expect(loadTimes(kit.calls)).toEqual([0, 11_001]);
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toEqual(thread(0));
      }, 60_000);
    });
  });

  it('keeps the shown thread when a reload fails, and loads again on the next change', () => {
    inVirtualTime((scheduler, { hot }) => {
      let calls = 0;
      const kit = startStore(scheduler, {
        epics: [activityMessagesEpic],
        calls: {
          [MESSAGES]: () => {
            calls += 1;
            return calls === 2 ? failure(100) : answer(100, { MessageThread: thread(calls - 1) });
          },
        },
      });
      kit.drive(hot('a 5s c 5s c', { a: shown, c: changed }));
      scheduler.schedule(() => {
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toEqual(thread(0));
      }, 8_000);
      scheduler.schedule(() => {
        expect(loadTimes(kit.calls)).toEqual([0, 6_001, 11_002]);
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toEqual(thread(2));
      }, 60_000);
    });
  });

  it('stops when the page hides and on logout', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, { epics: [activityMessagesEpic], calls: growingThread() });
      kit.drive(
        hot('a 1s h 1s c 1s a 1s l 1s c', {
          a: shown,
          h: hidden,
          c: changed,
          l: loggedOut({ reason: 'user' }),
        }),
      );
      scheduler.schedule(() => {
        expect(loadTimes(kit.calls)).toEqual([0, 3_003]);
      }, 60_000);
    });
  });

  it('loads again when the member’s socket is verified after a reconnection, not for other sockets', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, { epics: [activityMessagesEpic], calls: growingThread() });
      kit.drive(
        hot('a 5s m 5s s 5s f', {
          a: shown,
          // The monitor's or a share page's socket says nothing of the member's own messages.
          m: socketVerified({ socketId: 'share', success: true, socketKey: 'share:x' }),
          s: socketVerified({ socketId: 'member-2', success: true }),
          f: socketVerified({ socketId: 'member-3', success: false }),
        }),
      );
      scheduler.schedule(() => {
        expect(loadTimes(kit.calls)).toEqual([0, 11_002]);
        expect(selectMessageThreadOfActivity(kit.store.getState(), 1)).toEqual(thread(1));
      }, 60_000);
    });
  });
});
