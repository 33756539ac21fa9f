import {
  asyncScheduler,
  Observable,
  type MonoTypeOperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';

/**
 * `debounceTime(dueMs)` with a ceiling: a burst of values is emitted as its latest value once `dueMs`
 * pass without a new value, or at the latest `maxWaitMs` after the burst's first value, whichever comes
 * first (lodash `debounce(fn, dueMs, { maxWait })`, trailing edge only). After an emission the next value
 * starts a new burst. So a continuous stream still yields its latest value at least every `maxWaitMs`,
 * where `debounceTime` would stay silent until the stream pauses.
 *
 * Completion emits the pending value, then completes (as `debounceTime` does); an error is passed on at
 * once and the pending value is dropped. Used by ARCHITECTURE.md §4 timing rules (application-behaviour
 * §9): inactivity reset debounced 2 s (max 4 s), wearer reload debounced 4 s (max 6 s).
 *
 * @param dueMs quiet period in ms that ends a burst (≥ 0).
 * @param maxWaitMs longest time in ms a burst's first value waits to be emitted (≥ dueMs).
 * @param scheduler the timers' scheduler; `asyncScheduler` by default, which `TestScheduler.run`
 *   drives in virtual time.
 * @throws RangeError when `dueMs` is negative or either time is not finite, or `maxWaitMs < dueMs`.
 */
export function debounceTimeWithMax<T>(
  dueMs: number,
  maxWaitMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T> {
  if (!Number.isFinite(dueMs) || !Number.isFinite(maxWaitMs) || dueMs < 0 || maxWaitMs < dueMs) {
    throw new RangeError(
      `debounceTimeWithMax: need 0 ≤ dueMs ≤ maxWaitMs, got dueMs=${dueMs}, maxWaitMs=${maxWaitMs}`,
    );
  }
  return (source) =>
    new Observable<T>((subscriber) => {
      // The latest value of the current burst, boxed so that `undefined` is a value like any other.
      let pending: { readonly value: T } | null = null;
      let dueTimer: Subscription | null = null;
      let maxTimer: Subscription | null = null;

      const clearTimers = (): void => {
        dueTimer?.unsubscribe();
        maxTimer?.unsubscribe();
        dueTimer = null;
        maxTimer = null;
      };
      const emitPending = (): void => {
        clearTimers();
        if (pending === null) return;
        const { value } = pending;
        pending = null;
        subscriber.next(value);
      };

      const subscription = source.subscribe({
        next: (value) => {
          if (pending === null) maxTimer = scheduler.schedule(emitPending, maxWaitMs);
          pending = { value };
          dueTimer?.unsubscribe();
          dueTimer = scheduler.schedule(emitPending, dueMs);
        },
        error: (error: unknown) => {
          clearTimers();
          pending = null;
          subscriber.error(error);
        },
        complete: () => {
          emitPending();
          subscriber.complete();
        },
      });

      return () => {
        clearTimers();
        pending = null;
        subscription.unsubscribe();
      };
    });
}
