import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The page's one query list for {@link DARK_QUERY} (undefined: not asked yet; null: no matchMedia). */
let darkQuery: MediaQueryList | null | undefined;

/**
 * `matchMedia(DARK_QUERY)` where the environment has one (not every test DOM does), asked once: a
 * MediaQueryList's `matches` is live, and React reads the snapshot on every render of every map and
 * chart using it (each frame of a replay), where a new list per read cost the main thread a query
 * evaluation each time.
 */
function media(): MediaQueryList | null {
  if (darkQuery === undefined) {
    darkQuery = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  }
  return darkQuery;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => {
    list.removeEventListener('change', onChange);
  };
}

const systemDark = () => media()?.matches ?? false;

/**
 * The colour scheme in effect: the member's choice, or for 'system' the browser's
 * `prefers-color-scheme`, following it live (e.g. to draw the map's light or dark basemap).
 */
export function useColorScheme(preference: 'system' | 'light' | 'dark'): 'light' | 'dark' {
  const dark = useSyncExternalStore(subscribe, systemDark, () => false);
  if (preference !== 'system') return preference;
  return dark ? 'dark' : 'light';
}
