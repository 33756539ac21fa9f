import type { Action } from '@reduxjs/toolkit';
import {
  catchError,
  defer,
  EMPTY,
  forkJoin,
  from,
  map,
  mergeMap,
  of,
  timer,
  type Observable,
} from 'rxjs';

/**
 * The outcome of an optimistic save (spec §4 "a local update and a reload about 6 s later … Delete
 * reloads after 1 s"): `saved$` is the call's status (true: saved), subscribed at once. When it
 * answers true, `reload()` (if not null) follows `reloadAfterMs` after the subscription (the local update), or at the
 * answer if that comes later; a false status or a failed call yields `failed()` (the rollback and its
 * notice) as soon as it is known.
 */
export function saveOutcome(
  saved$: Observable<boolean>,
  reloadAfterMs: number,
  reload: () => Action | null,
  failed: () => readonly Action[],
): Observable<Action> {
  const confirmed$ = saved$.pipe(
    map((ok) => {
      if (!ok) throw new Error('The server did not save the change');
      return ok;
    }),
  );
  return forkJoin([confirmed$, timer(reloadAfterMs)]).pipe(
    mergeMap(() => {
      const action = reload();
      return action ? of(action) : EMPTY;
    }),
    catchError(() => defer(() => from(failed()))),
  );
}
