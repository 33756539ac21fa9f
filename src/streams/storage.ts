import { Observable, filter, fromEvent, map } from 'rxjs';

/**
 * Key-value storage of this browser (localStorage), safe where it is unavailable or full (private
 * mode, quota): reads give null and writes are dropped. `changes$(key)` emits the new value (or null
 * when removed) whenever another tab of this app changes the key.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  changes$(key: string): Observable<string | null>;
}

/** Wraps `backend` (default: the page's localStorage; null in Node) as {@link KeyValueStorage}. */
export function createStorage(
  backend: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
): KeyValueStorage {
  return {
    get(key) {
      try {
        return backend ? backend.getItem(key) : null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        backend?.setItem(key, value);
      } catch {
        // quota exceeded or storage disabled: the preference lasts for this page only
      }
    },
    remove(key) {
      try {
        backend?.removeItem(key);
      } catch {
        // storage disabled
      }
    },
    changes$(key) {
      if (typeof window === 'undefined') return new Observable<string | null>();
      return fromEvent<StorageEvent>(window, 'storage').pipe(
        filter((event) => event.key === key),
        map((event) => event.newValue),
      );
    },
  };
}
