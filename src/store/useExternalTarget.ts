import { useAppSelector } from './hooks';
import { EXTERNAL_ROUTES, selectExternalHref } from './externalRoutes';

/** `{ href, newTab }` of an external route such as '/help', or null until /config.json has loaded. */
export function useExternalTarget(path: string): { href: string; newTab: boolean } | null {
  const href = useAppSelector((state) => selectExternalHref(state, path));
  const route = EXTERNAL_ROUTES.find((r) => r.path === path);
  return href && route ? { href, newTab: route.newTab } : null;
}
