import type { KeyValueStorage } from '../../streams/storage';

/*
 * What the operator monitor remembers in this browser (docs/monitor.md "Persistence"): the watched
 * share tokens and whether the alert sound is muted. A share token is a bearer secret: it is kept in
 * this app instance's localStorage, as the operator's browser already holds it in its history.
 */

/** Storage key of the watched share tokens (a JSON array of strings, in the order added). */
export const MONITOR_SHARES_STORAGE_KEY = 'lifeline.monitor.shares';
/** Storage key of the mute toggle ('1' muted, anything else not). */
export const MONITOR_MUTED_STORAGE_KEY = 'lifeline.monitor.muted';

/** The stored watched tokens; [] when none, or when the stored value is not an array of strings. */
export function loadMonitorShares(storage: KeyValueStorage): string[] {
  const text = storage.get(MONITOR_SHARES_STORAGE_KEY);
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Stores the watched tokens. */
export function saveMonitorShares(storage: KeyValueStorage, tokens: readonly string[]): void {
  storage.set(MONITOR_SHARES_STORAGE_KEY, JSON.stringify(tokens));
}

/** Whether the alert sound was muted. */
export function loadMonitorMuted(storage: KeyValueStorage): boolean {
  return storage.get(MONITOR_MUTED_STORAGE_KEY) === '1';
}

/** Stores the mute toggle. */
export function saveMonitorMuted(storage: KeyValueStorage, muted: boolean): void {
  storage.set(MONITOR_MUTED_STORAGE_KEY, muted ? '1' : '0');
}
