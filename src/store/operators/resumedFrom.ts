import { concat, defer, of, type MonoTypeOperatorFunction } from 'rxjs';

/**
 * For an epic started by a one-off action (the member loaded, the monitor opened): when the epic is
 * started with that action's effect already in the store — it failed and was started afresh
 * (src/store/epicIsolation.ts `isolateEpic`) — the stream of its trigger actions begins with the one
 * `current()` rebuilds from the state, so the epic resumes what it ran instead of waiting for an
 * action that already happened. `current()` is read at subscription and answers null when the
 * trigger's effect is not in the store (the usual first start).
 */
export function resumedFrom<A>(current: () => A | null): MonoTypeOperatorFunction<A> {
  return (trigger$) =>
    defer(() => {
      const resumed = current();
      return resumed === null ? trigger$ : concat(of(resumed), trigger$);
    });
}
