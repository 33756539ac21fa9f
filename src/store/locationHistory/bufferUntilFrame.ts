import {
  asyncScheduler,
  audit,
  buffer,
  connect,
  filter,
  race,
  timer,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';

/**
 * Longest a buffered value waits for an animation frame, ms. Browsers pause `requestAnimationFrame`
 * in hidden tabs; without this cap a background operator tab would hold a growing buffer, and a stale
 * store, until it is shown again. A design choice (issue 6 item 2), not a spec timing.
 */
export const FRAME_BUFFER_MAX_WAIT_MS = 1_000;

/**
 * Collects values into arrays that close at the next animation frame after the first value of each
 * array (or after `maxWaitMs`, whichever comes first), so a burst of values yields one array per
 * frame, in arrival order. Nothing is scheduled while no value is waiting — unlike
 * `bufferTime(0, animationFrameScheduler)`, which would request every frame forever and emit empty
 * arrays (and, on a virtual-time scheduler, loop at time 0). Completion emits the waiting values,
 * if any; unsubscribing drops them.
 *
 * @param frameScheduler the frame clock: `animationFrameScheduler` in the browser (a 0-delay action
 *   on it runs in the next `requestAnimationFrame`); in tests the same scheduler driven by
 *   `TestScheduler.run`'s `animate`, or `asyncScheduler` (the next macrotask).
 * @param maxWaitMs the cap in ms, on `timerScheduler` (asyncScheduler: virtual under `TestScheduler.run`).
 */
export function bufferUntilFrame<T>(
  frameScheduler: SchedulerLike,
  maxWaitMs: number = FRAME_BUFFER_MAX_WAIT_MS,
  timerScheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, T[]> {
  return (source) =>
    source.pipe(
      connect((shared$) =>
        shared$.pipe(
          // `buffer` subscribes to its source before the notifier, so a value is in the array before
          // the notifier hears it; `audit` opens one frame wait per array and then rests.
          buffer(
            shared$.pipe(
              audit(() => race(timer(0, frameScheduler), timer(maxWaitMs, timerScheduler))),
            ),
          ),
          filter((values) => values.length > 0),
        ),
      ),
    );
}
