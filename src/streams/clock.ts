import { asyncScheduler } from 'rxjs';

/**
 * The current time, epoch ms, read from rxjs's `asyncScheduler` (issue 6 item 1 "clock/timers").
 * Outside tests it is `Date.now()`; inside `TestScheduler.run` it is the virtual clock, because `run`
 * makes the scheduler's time provider virtual. So one `now` serves as the store's `now` dependency
 * (src/store/dependencies.ts) in the app and in marble tests alike, and always agrees with the time
 * rxjs's timer operators (`timer`, `debounceTime`, `timeout` …) measure. Timers themselves need no
 * wrapper: epics use rxjs's operators with their default scheduler.
 */
export function now(): number {
  return asyncScheduler.now();
}
