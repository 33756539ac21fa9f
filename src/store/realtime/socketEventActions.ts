import type { Action } from '@reduxjs/toolkit';
import {
  asyncScheduler,
  Observable,
  Subscription,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import type { EntityChange, TelemetryWearerUpdate } from '../../api/socket';
import type { SocketEvent } from '../../streams/socket';
import {
  entityChangesReceived,
  socketInitReceived,
  socketStateChanged,
  wearerTelemetryReceived,
} from './realtimeSlice';

/**
 * Longest a TelemetryWearerUpdate waits for an animation frame, ms. Browsers pause
 * `requestAnimationFrame` in hidden tabs; without this cap a background operator tab would hold a
 * growing buffer, and a stale store, until it is shown again. A design choice (issue 6 item 2), not a
 * spec timing.
 */
export const FRAME_BUFFER_MAX_WAIT_MS = 1_000;

/**
 * Which socket the events come from: the URL it was opened with (named in `socketInitReceived`: a
 * page compares server start times per server, src/store/app/appEpics.ts) and its key, absent for the
 * member's own socket (named in `socketStateChanged`: each socket's state is kept apart,
 * realtimeSlice.ts).
 */
export interface SocketSource {
  readonly url: string;
  readonly key?: string;
}

/**
 * A connection-state or SocketInit event as its store action (spec app §7 Realtime); the frame-batched
 * kinds and `invalid` events (the contract refused their payload at the edge) give null.
 */
function immediateAction(event: SocketEvent, source: SocketSource, nowMs: number): Action | null {
  switch (event.kind) {
    case 'state':
      return socketStateChanged({
        state: event.state,
        socketId: event.socketId,
        ...(event.attempt === undefined ? {} : { attempt: event.attempt }),
        ...(source.key === undefined ? {} : { socketKey: source.key }),
      });
    case 'SocketInit':
      return socketInitReceived({ ...event.payload, socketUrl: source.url, receivedAt: nowMs });
    default:
      return null;
  }
}

/**
 * A socket's events as store actions, for the member's socket and a share viewer's alike (spec app §7
 * Realtime; issue 6 item 2: "many TelemetryWearerUpdate events become at most one store update per
 * animation frame … so an operator's screen never dispatches per event"):
 * - TelemetryWearerUpdate and EntityChanges events (every device report brings both) wait for the
 *   next frame of `frameScheduler` after the first of them, or `maxWaitMs`, whichever comes first,
 *   and leave together: ONE `entityChangesReceived` with the frame's changes concatenated in arrival
 *   order, then ONE `wearerTelemetryReceived({ updates })` in arrival order. Both are auto-batched
 *   (RTK `prepareAutoBatched`), so the store notifies its subscribers once for the pair. A frame
 *   without such events dispatches nothing, and nothing is scheduled while none waits.
 * - Connection states and SocketInit leave at once, after flushing what waits, so they keep their
 *   place in the socket's order;
 * - `invalid` events become nothing.
 * Completion or an error flushes what waits first; unsubscribing (logout, a closed share) drops it.
 *
 * @param frameScheduler the frame clock: `animationFrameScheduler` in the browser; in tests the same
 *   scheduler driven by `TestScheduler.run`'s `animate`, or `asyncScheduler` (the next macrotask). It
 *   must never run a 0-delay action synchronously.
 * @param maxWaitMs the cap, ms, on `timerScheduler` (asyncScheduler: virtual under `TestScheduler.run`),
 *   whose clock also dates a SocketInit's arrival (`receivedAt`, the server clock offset's measure).
 * @param source which socket the events come from ({@link SocketSource}).
 */
export function socketEventActions(
  frameScheduler: SchedulerLike,
  maxWaitMs: number = FRAME_BUFFER_MAX_WAIT_MS,
  timerScheduler: SchedulerLike = asyncScheduler,
  source: SocketSource = { url: '' },
): OperatorFunction<SocketEvent, Action> {
  return (events$) =>
    new Observable<Action>((subscriber) => {
      let changes: EntityChange[] = [];
      let updates: TelemetryWearerUpdate[] = [];
      let flushTimers: Subscription | null = null;
      const flush = () => {
        flushTimers?.unsubscribe();
        flushTimers = null;
        const frame = { changes, updates };
        changes = [];
        updates = [];
        if (frame.changes.length > 0) subscriber.next(entityChangesReceived(frame.changes));
        if (frame.updates.length > 0) {
          subscriber.next(
            wearerTelemetryReceived({ updates: frame.updates, receivedAt: timerScheduler.now() }),
          );
        }
      };
      const wait = () => {
        if (flushTimers !== null) return;
        flushTimers = new Subscription();
        flushTimers.add(frameScheduler.schedule(flush));
        flushTimers.add(timerScheduler.schedule(flush, maxWaitMs));
      };
      const subscription = events$.subscribe({
        next: (event) => {
          if (event.kind === 'TelemetryWearerUpdate') {
            updates.push(event.payload);
            wait();
          } else if (event.kind === 'EntityChanges') {
            // An empty batch says nothing (the server sends none); it does not open a frame.
            if (event.payload.length === 0) return;
            for (const change of event.payload) changes.push(change);
            wait();
          } else {
            const action = immediateAction(event, source, timerScheduler.now());
            if (action === null) return;
            flush();
            subscriber.next(action);
          }
        },
        error: (error: unknown) => {
          flush();
          subscriber.error(error);
        },
        complete: () => {
          flush();
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        flushTimers?.unsubscribe();
        changes = [];
        updates = [];
      };
    });
}
