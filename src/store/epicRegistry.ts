import { concat, defer, from, Subject, type Observable } from 'rxjs';
import type { AppEpic } from './epic';

/** Every epic registered so far, in registration order (each once). */
const registered: AppEpic[] = [];
/** Each epic as it is registered, after {@link registered} was read. */
const added = new Subject<AppEpic>();

/**
 * Starts `epics` in every store of this page, those already made and those made later (the root
 * epic, src/store/rootEpic.ts, subscribes to {@link registeredEpics}). It is how a lazily loaded part
 * of the app brings its epics, the way its slices inject themselves into the combined reducer
 * (`slice.injectInto(combinedReducer)`, src/store/rootReducer.ts): a route's chunk loads them with
 * its page (`lazyChunk(…, { needs })`, src/ui/lazyChunk.ts; see {@link epicsLoader}). An epic
 * registered twice, or also given to `createAppStore`, runs once per store. An epic hears only the
 * actions dispatched after it started; one that must know earlier ones reads `state$`.
 */
export function registerEpics(epics: readonly AppEpic[]): void {
  for (const epic of epics) {
    if (registered.includes(epic)) continue;
    registered.push(epic);
    added.next(epic);
  }
}

/** Each registered epic: first those registered so far, in order, then each new one as it comes. */
export function registeredEpics(): Observable<AppEpic> {
  return defer(() => concat(from([...registered]), added));
}

/**
 * A route's `needs` loader (src/ui/lazyChunk.ts) for a chunk of epics: loads it and registers them,
 * e.g. `epicsLoader(() => import('./contactsEpics').then((m) => m.contactsEpics))`. Importing the
 * epics' module also injects the slices it uses.
 */
export function epicsLoader(load: () => Promise<readonly AppEpic[]>): () => Promise<void> {
  return () => load().then(registerEpics);
}
