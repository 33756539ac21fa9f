import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useAppStore } from './hooks';
import type { RootState } from './rootReducer';

/**
 * `select(state)` of this store, kept current only while `active`: subscribed to the store while
 * active, not subscribed at all otherwise, so an inactive component costs nothing per store change
 * (not even a selector call). A new selection equal to the last (`equal`) keeps the last object, so
 * it does not render. Whenever the component renders (and when it becomes active) the selection is
 * read from the current state. The operator monitor's cards out of sight use it
 * (docs/monitor.md "Cost per frame"). Pass a stable `select` and `equal` (module functions, or
 * `useCallback`): a new one each render costs React a passive effect per render.
 */
export function useSelectorWhile<T>(
  active: boolean,
  select: (state: RootState) => T,
  equal: (a: T, b: T) => boolean,
): T {
  const store = useAppStore();
  const last = useRef<{ readonly value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => (active ? store.subscribe(onChange) : () => undefined),
    [store, active],
  );
  // Stable while `select` and `equal` are: React checks a new `getSnapshot` after every commit in a
  // passive effect of its own, which costs a scheduler task (a MessageChannel message) per render.
  const snapshot = useCallback((): T => {
    const next = select(store.getState());
    const previous = last.current;
    if (previous && equal(previous.value, next)) return previous.value;
    last.current = { value: next };
    return next;
  }, [store, select, equal]);
  return useSyncExternalStore(subscribe, snapshot);
}
