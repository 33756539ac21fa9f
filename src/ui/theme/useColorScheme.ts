import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** `matchMedia` where the environment has one (not every test DOM does). */
const media = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

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
