import { createAction, type Action } from '@reduxjs/toolkit';
import { defer, Observable, type Subscription } from 'rxjs';
import type { AppEpic } from './epic';

/**
 * An epic's stream ended with an error (a bug: epics catch the failures they expect). Recorded in the
 * action log with the epic's name and the error's message; `restarted` tells whether the epic was
 * started again ({@link isolateEpic}).
 */
export const epicFailed = createAction<{
  readonly epic: string;
  readonly message: string;
  readonly restarted: boolean;
}>('app/epicFailed');

/** At most this many restarts of one epic … */
export const EPIC_RESTART_LIMIT = 5;
/** … within this window, ms; an epic failing more often stays stopped. */
export const EPIC_RESTART_WINDOW_MS = 60_000;

/**
 * Wraps one epic so that an error escaping it ends that epic only, not the root epic and with it
 * every other epic of the store (redux-observable's `combineEpics` errors as a whole when one of
 * them errors). The failure is dispatched as {@link epicFailed} and written to `console.error`; the
 * epic is then started afresh (its function called again) on the same action stream, unless
 * - it failed while being started (it would fail again at once: restarting would loop), or
 * - it was restarted {@link EPIC_RESTART_LIMIT} times within {@link EPIC_RESTART_WINDOW_MS} by
 *   `dependencies.now()` (a failure each action would otherwise repeat for ever),
 * in which case it stays stopped. Completion passes through.
 */
export function isolateEpic(epic: AppEpic): AppEpic {
  const name = epic.name || 'anonymous epic';
  return (action$, state$, dependencies) =>
    new Observable<Action>((subscriber) => {
      const restarts: number[] = [];
      let current: Subscription | undefined;
      const start = (): void => {
        let starting = true;
        const subscription = defer(() => epic(action$, state$, dependencies)).subscribe({
          next: (action) => {
            subscriber.next(action);
          },
          complete: () => {
            subscriber.complete();
          },
          error: (error: unknown) => {
            const now = dependencies.now();
            while ((restarts[0] ?? Infinity) <= now - EPIC_RESTART_WINDOW_MS) restarts.shift();
            const restarted =
              !starting && restarts.length < EPIC_RESTART_LIMIT && !subscriber.closed;
            console.error(`Epic ${name} failed${restarted ? '; restarting it' : ''}`, error);
            subscriber.next(epicFailed({ epic: name, message: messageOf(error), restarted }));
            if (!restarted) {
              subscriber.complete();
              return;
            }
            restarts.push(now);
            start();
          },
        });
        starting = false;
        if (!subscription.closed) current = subscription;
      };
      start();
      return () => current?.unsubscribe();
    });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
