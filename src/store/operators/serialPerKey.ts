import {
  catchError,
  concat,
  EMPTY,
  finalize,
  ignoreElements,
  shareReplay,
  type Observable,
} from 'rxjs';

/** A queue key: an entity's id. */
export type SerialKey = string | number;

/**
 * Runs the calls given for one key one after another, in the order they were given: the call
 * observable returned for a key is subscribed to only once every earlier call of that key has
 * completed or failed (a failure does not hold the queue). Calls of different keys run at once.
 *
 * Why: two saves of one activity sent at once (a type changed twice in a second, spec §4 "a local
 * update and a reload") may be applied by the server in either order, so the older intent could win
 * and, after the reload, replace what the member chose last. Keyed by ActivityId in the edit epics.
 *
 * The returned observable, `(key, call$) => Observable`, shares one subscription to `call$`: it runs
 * once whoever subscribes, and keeps running when its first subscriber leaves (a save in flight is
 * not cancelled). One queue per epic instance: create it inside the epic.
 */
export function serialPerKey(): <T>(key: SerialKey, call$: Observable<T>) => Observable<T> {
  const tails = new Map<SerialKey, Observable<unknown>>();
  return <T>(key: SerialKey, call$: Observable<T>): Observable<T> => {
    const previous = tails.get(key);
    const waited$ = previous
      ? concat(
          previous.pipe(
            ignoreElements(),
            catchError(() => EMPTY),
          ),
          call$,
        )
      : call$;
    const run$: Observable<T> = waited$.pipe(
      finalize(() => {
        if (tails.get(key) === run$) tails.delete(key);
      }),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    tails.set(key, run$);
    return run$;
  };
}
