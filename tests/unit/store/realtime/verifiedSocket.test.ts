import { Observable, asyncScheduler, of, type SchedulerLike } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { verifiedSocketActions } from '../../../../src/store/realtime/verifiedSocket';
import {
  SOCKET_GAVE_UP_REOPEN_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '../../../../src/store/timing';
import type { SocketEvent } from '../../../../src/streams/socket';
import { inVirtualTime } from '../activities/activityTestKit';

/** How long each fake socket lives before the server ends it, ms. */
const LIFE_MS = 100;

/**
 * Sockets that connect as they open (ids sock-1, sock-2, …) and that the server ends {@link LIFE_MS}
 * later; `openedAt` holds the virtual time of each opening, ms.
 */
function serverEndedSockets(scheduler: SchedulerLike) {
  const openedAt: number[] = [];
  const openSocket = () =>
    new Observable<SocketEvent>((subscriber) => {
      openedAt.push(scheduler.now());
      subscriber.next({ kind: 'state', state: 'connected', socketId: `sock-${openedAt.length}` });
      const end = scheduler.schedule(() => {
        subscriber.next({
          kind: 'state',
          state: 'disconnected',
          socketId: null,
          endedByServer: true,
        });
        subscriber.complete();
      }, LIFE_MS);
      return () => {
        end.unsubscribe();
      };
    });
  return { openedAt, openSocket };
}

/** The waits between one socket's end and the next one's opening, ms. */
function reopenDelays(openedAt: readonly number[]): number[] {
  return openedAt.slice(1).map((at, i) => at - (openedAt[i] ?? 0) - LIFE_MS);
}

describe('verifiedSocketActions: a socket the server ends is opened again (spec §9 reconnect 1000 × 1–5 s)', () => {
  it('after 1, 2, 4, 5, 5 s while none is verified; after 1 s again once one was', () => {
    inVirtualTime((scheduler, { flush }) => {
      const sockets = serverEndedSockets(scheduler);
      const subscription = verifiedSocketActions(
        { openSocket: sockets.openSocket, frameScheduler: asyncScheduler },
        {
          url: 'https://domain.example',
          verify: (socketId) => of(socketId === 'sock-6'),
          reopenWhenServerEnds: true,
        },
      ).subscribe();
      scheduler.schedule(() => {
        subscription.unsubscribe();
      }, 25_000);
      flush();
      expect(reopenDelays(sockets.openedAt).slice(0, 7)).toEqual([
        SOCKET_RECONNECT_DELAY_MS,
        2 * SOCKET_RECONNECT_DELAY_MS,
        4 * SOCKET_RECONNECT_DELAY_MS,
        SOCKET_RECONNECT_DELAY_MAX_MS,
        SOCKET_RECONNECT_DELAY_MAX_MS,
        // The sixth socket was verified: the count starts again.
        SOCKET_RECONNECT_DELAY_MS,
        2 * SOCKET_RECONNECT_DELAY_MS,
      ]);
    });
  });

  it(`gives up after ${SOCKET_RECONNECT_ATTEMPTS} openings in a row without a verified socket`, () => {
    inVirtualTime((scheduler, { flush }) => {
      const sockets = serverEndedSockets(scheduler);
      let completed = false;
      verifiedSocketActions(
        { openSocket: sockets.openSocket, frameScheduler: asyncScheduler },
        { url: 'https://domain.example', verify: () => of(false), reopenWhenServerEnds: true },
      ).subscribe({ complete: () => (completed = true) });
      flush();
      expect(sockets.openedAt).toHaveLength(SOCKET_RECONNECT_ATTEMPTS + 1);
      expect(completed).toBe(true);
    });
  });

  it.each([
    ['a share page or the monitor', true],
    ['the member socket', false],
  ])(
    `opens a new socket ${SOCKET_GAVE_UP_REOPEN_MS / 1000} s after socket.io gave up, for %s, until its owner stops`,
    (_owner, reopenWhenServerEnds) => {
      inVirtualTime((scheduler, { flush }) => {
        const openedAt: number[] = [];
        // Each socket never connects; socket.io gives up (reconnect_failed) after LIFE_MS.
        const openSocket = () =>
          new Observable<SocketEvent>((subscriber) => {
            openedAt.push(scheduler.now());
            subscriber.next({ kind: 'state', state: 'connecting', socketId: null });
            const end = scheduler.schedule(() => {
              subscriber.next({ kind: 'state', state: 'disconnected', socketId: null });
              subscriber.complete();
            }, LIFE_MS);
            return () => {
              end.unsubscribe();
            };
          });
        const subscription = verifiedSocketActions(
          { openSocket, frameScheduler: asyncScheduler },
          { url: 'https://domain.example', verify: () => of(true), reopenWhenServerEnds },
        ).subscribe();
        scheduler.schedule(
          () => {
            subscription.unsubscribe();
          },
          3 * (LIFE_MS + SOCKET_GAVE_UP_REOPEN_MS) + LIFE_MS,
        );
        flush();
        expect(openedAt).toEqual([0, 1, 2, 3].map((n) => n * (LIFE_MS + SOCKET_GAVE_UP_REOPEN_MS)));
      });
    },
  );

  it('does not open it again without reopenWhenServerEnds (the member socket: its owner decides)', () => {
    inVirtualTime((scheduler, { flush }) => {
      const sockets = serverEndedSockets(scheduler);
      let completed = false;
      verifiedSocketActions(
        { openSocket: sockets.openSocket, frameScheduler: asyncScheduler },
        { url: 'https://domain.example', verify: () => of(true) },
      ).subscribe({ complete: () => (completed = true) });
      flush();
      expect(sockets.openedAt).toEqual([0]);
      expect(completed).toBe(true);
    });
  });
});
