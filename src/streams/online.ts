import {
  Observable,
  defer,
  distinctUntilChanged,
  fromEvent,
  map,
  merge,
  of,
  startWith,
} from 'rxjs';

/**
 * What {@link online$} reads: the page's window (its `navigator.onLine` and its `online`/`offline`
 * events), or a fake EventTarget with a `navigator` in tests.
 */
export interface OnlineTarget extends EventTarget {
  readonly navigator: { readonly onLine: boolean };
}

/**
 * What {@link visibility$} reads: the page's document (its `visibilityState` and its
 * `visibilitychange` event), or a fake EventTarget with a `visibilityState` in tests.
 */
export interface VisibilityTarget extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

/**
 * Whether the browser believes it is online (issue 6 item 1; spec application-behaviour §2
 * /error/network-error, §8 "Network down with no socket navigates to NetworkError"):
 * `navigator.onLine` when subscribed, then true on each `online` and false on each `offline` event,
 * repeats dropped. It never completes. Without a window (Node) it emits true once and completes:
 * there is nothing to watch.
 */
export function online$(
  target: OnlineTarget | null = typeof window === 'undefined' ? null : window,
): Observable<boolean> {
  if (!target) return of(true);
  return defer(() =>
    merge(
      fromEvent(target, 'online').pipe(map(() => true)),
      fromEvent(target, 'offline').pipe(map(() => false)),
    ).pipe(startWith(target.navigator.onLine), distinctUntilChanged()),
  );
}

/**
 * Whether the page is visible (issue 6 item 1): `document.visibilityState === 'visible'` when
 * subscribed, then again on each `visibilitychange` event, repeats dropped. It never completes.
 * Without a document (Node) it emits true once and completes.
 */
export function visibility$(
  target: VisibilityTarget | null = typeof document === 'undefined' ? null : document,
): Observable<boolean> {
  if (!target) return of(true);
  const visible = () => target.visibilityState === 'visible';
  return defer(() =>
    fromEvent(target, 'visibilitychange').pipe(map(visible), startWith(visible())),
  ).pipe(distinctUntilChanged());
}
