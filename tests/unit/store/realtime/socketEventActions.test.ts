import type { Action } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { animationFrameScheduler, Subject } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import type { EntityChange, TelemetryWearerUpdate } from '../../../../src/api/socket';
import type { SocketEvent } from '../../../../src/streams/socket';
import {
  entityChangesReceived,
  socketInitReceived,
  socketStateChanged,
  wearerTelemetryReceived,
} from '../../../../src/store/realtime/realtimeSlice';
import {
  FRAME_BUFFER_MAX_WAIT_MS,
  socketEventActions,
} from '../../../../src/store/realtime/socketEventActions';
import { EPOCH, point } from '../locationHistory/trackModel';

/*
 * Virtual time (ARCHITECTURE.md §4): one marble character is 1 ms. The operator gets the browser's
 * `animationFrameScheduler`, whose requestAnimationFrame `TestScheduler.run` replaces with the frames
 * given to `animate`: here one every 16 ms, at 16, 32, 48 … ms.
 */
const FRAMES = `16ms x${' 15ms x'.repeat(80)}`;

function inVirtualTime(body: (scheduler: TestScheduler, helpers: RunHelpers) => void): void {
  const scheduler = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  scheduler.run((helpers) => {
    body(scheduler, helpers);
  });
}

const toActions = socketEventActions(animationFrameScheduler);

/** A TelemetryWearerUpdate of `activityId` carrying `points`. */
function telemetry(activityId: number | null, points: LocationPoint[]): TelemetryWearerUpdate {
  return {
    WearerID: 1,
    ActivityId: activityId,
    Points: points,
    Battery: 80,
    Status: activityId === null ? null : 'ACTIVE',
    Heading: null,
  };
}
const telemetryEvent = (update: TelemetryWearerUpdate): SocketEvent => ({
  kind: 'TelemetryWearerUpdate',
  payload: update,
});

/** The Activity `updated` change that accompanies every device report. */
function change(activityId: number): EntityChange {
  return {
    EntityType: 'Activity',
    EntityId: activityId,
    ChangeType: 'updated',
    Timestamp: EPOCH,
    ActivityId: activityId,
  };
}
const changesEvent = (...changes: EntityChange[]): SocketEvent => ({
  kind: 'EntityChanges',
  payload: changes,
});
const connected: SocketEvent = { kind: 'state', state: 'connected', socketId: 's1' };

describe('socketEventActions (issue 6 item 2: at most one store update per frame)', () => {
  it('turns 50 reports inside one frame into one EntityChanges and one telemetry action, in arrival order', () => {
    inVirtualTime((scheduler, { expectObservable, animate }) => {
      animate(FRAMES);
      const input = new Subject<SocketEvent>();
      const updates: TelemetryWearerUpdate[] = [];
      const changes: EntityChange[] = [];
      for (let i = 0; i < 50; i += 1) {
        const activityId = 100 + (i % 5);
        const update = telemetry(activityId, [point(i * 10), point(i * 10 + 1)]);
        updates.push(update);
        changes.push(change(activityId));
        // 50 reports spread over 1–15 ms (after the subscription at 0 ms), before the frame at 16 ms.
        scheduler.schedule(
          () => {
            input.next(changesEvent(change(activityId)));
            input.next(telemetryEvent(update));
          },
          1 + Math.floor((i * 15) / 50),
        );
      }
      expectObservable(input.pipe(toActions)).toBe('16ms (ab)', {
        a: entityChangesReceived(changes),
        b: wearerTelemetryReceived({ updates, receivedAt: 16 }),
      });
    });
  });

  it('dispatches once per frame that had events: events over 4 frames give 4 actions', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const events = {
        a: telemetryEvent(telemetry(1, [point(0)])),
        b: telemetryEvent(telemetry(2, [point(5)])),
        c: telemetryEvent(telemetry(1, [point(20)])),
        d: telemetryEvent(telemetry(1, [point(40)])),
        e: telemetryEvent(telemetry(1, [point(39)])),
        f: telemetryEvent(telemetry(3, [point(60)])),
      };
      const payload = (key: keyof typeof events) => {
        const event = events[key];
        if (event.kind !== 'TelemetryWearerUpdate') throw new Error('not telemetry');
        return event.payload;
      };
      // a 0, b 5, c 20, d 40, e 41, f 51 ms → frames at 16, 32 and 48 (d, e) and 64 (f).
      expectObservable(hot('a 4ms b 14ms c 19ms d e 9ms f', events).pipe(toActions)).toBe(
        '16ms x 15ms y 15ms z 15ms w',
        {
          x: wearerTelemetryReceived({ updates: [payload('a'), payload('b')], receivedAt: 16 }),
          y: wearerTelemetryReceived({ updates: [payload('c')], receivedAt: 32 }),
          z: wearerTelemetryReceived({ updates: [payload('d'), payload('e')], receivedAt: 48 }),
          w: wearerTelemetryReceived({ updates: [payload('f')], receivedAt: 64 }),
        },
      );
    });
  });

  it('dispatches nothing for frames without events, for refused payloads or an empty change batch', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const events = hot<SocketEvent>('a 9ms b', {
        a: { kind: 'invalid', event: 'TelemetryWearerUpdate', problem: 'Points: expected array' },
        b: changesEvent(),
      });
      expectObservable(events.pipe(toActions)).toBe('');
    });
  });

  it('passes connection states and SocketInit at once, after what was waiting; a SocketInit is dated by the timer clock', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const update = telemetry(1, [point(0)]);
      const init = { ServerStartTimestamp: 5, BuildTimestamp: null, ServerTimestamp: 6 };
      const events = hot<SocketEvent>('c 2ms t 2ms i 2ms t', {
        c: connected,
        t: telemetryEvent(update),
        i: { kind: 'SocketInit', payload: init },
      });
      expectObservable(events.pipe(toActions)).toBe('s 5ms (ai) 6ms b', {
        s: socketStateChanged({ state: 'connected', socketId: 's1' }),
        // The frame waiting since 2 ms is flushed by the SocketInit at 6 ms, and dated then.
        a: wearerTelemetryReceived({ updates: [update], receivedAt: 6 }),
        // It came at 6 ms of virtual time: the clock offset is measured against that.
        i: socketInitReceived({ ...init, socketUrl: '', receivedAt: 6 }),
        b: wearerTelemetryReceived({ updates: [update], receivedAt: 16 }),
      });
    });
  });

  it('flushes after 1 s when no frame comes (a hidden tab pauses requestAnimationFrame)', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate('');
      const first = telemetry(1, [point(0)]);
      const second = telemetry(1, [point(1)]);
      const events = hot('a 99ms b', { a: telemetryEvent(first), b: telemetryEvent(second) });
      expect(FRAME_BUFFER_MAX_WAIT_MS).toBe(1_000);
      expectObservable(events.pipe(toActions)).toBe('1000ms x', {
        x: wearerTelemetryReceived({ updates: [first, second], receivedAt: 1_000 }),
      });
    });
  });

  it('flushes what waits when the socket completes, and drops it when unsubscribed', () => {
    inVirtualTime((_scheduler, { cold, expectObservable, animate }) => {
      animate(FRAMES);
      const update = telemetry(1, [point(0)]);
      expectObservable(cold('a 2ms |', { a: telemetryEvent(update) }).pipe(toActions)).toBe(
        '3ms (x|)',
        { x: wearerTelemetryReceived({ updates: [update], receivedAt: 3 }) },
      );
      expectObservable(
        cold('a 20ms b', { a: telemetryEvent(update), b: telemetryEvent(update) }).pipe(toActions),
        '^ 10ms !',
      ).toBe('');
    });
  });

  it('never emits a kind twice in a frame and delivers every update once, in order (any timing)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.boolean()), {
          minLength: 1,
          maxLength: 40,
        }),
        (arrivals) => {
          const sorted = [...arrivals].sort(([a], [b]) => a - b);
          inVirtualTime((scheduler, { animate }) => {
            animate(FRAMES);
            const input = new Subject<SocketEvent>();
            const seen: { at: number; action: Action }[] = [];
            input.pipe(toActions).subscribe((action) => seen.push({ at: scheduler.now(), action }));
            sorted.forEach(([at, withChange], i) => {
              scheduler.schedule(() => {
                if (withChange) input.next(changesEvent(change(i)));
                input.next(telemetryEvent(telemetry(1 + (i % 3), [point(i)])));
              }, at);
            });
            scheduler.schedule(() => {
              for (const kind of [wearerTelemetryReceived, entityChangesReceived]) {
                const frames = seen.filter(({ action }) => kind.match(action)).map(({ at }) => at);
                expect(new Set(frames).size).toBe(frames.length);
                for (const at of frames) expect(at % 16).toBe(0);
              }
              const delivered = seen.flatMap(({ action }) =>
                wearerTelemetryReceived.match(action) ? action.payload.updates : [],
              );
              expect(delivered.map((update) => update.Points[0]?.Time)).toEqual(
                sorted.map((_arrival, i) => EPOCH + i),
              );
              const changed = seen.flatMap(({ action }) =>
                entityChangesReceived.match(action) ? action.payload : [],
              );
              expect(changed.map((c) => c.EntityId)).toEqual(
                sorted.flatMap(([, withChange], i) => (withChange ? [i] : [])),
              );
            }, 400);
          });
        },
      ),
      { numRuns: 50 },
    );
  });
});
