import type { Navigator } from '../store/dependencies';

/** The part of the router the navigator drives (react-router's `useNavigate()` result). */
interface RouterLike {
  navigate(to: string, options?: { replace?: boolean }): Promise<void> | void;
}

/**
 * The store's {@link Navigator}, attached to the router once App creates it; navigations asked for
 * before that are applied on attach (the last one wins).
 */
export function createNavigator(): Navigator & { attach(router: RouterLike): void } {
  let router: RouterLike | null = null;
  let pending: { path: string; replace: boolean } | null = null;
  return {
    attach(next) {
      router = next;
      if (pending) void next.navigate(pending.path, { replace: pending.replace });
      pending = null;
    },
    navigate(path, options) {
      if (router) void router.navigate(path, { replace: options?.replace ?? false });
      else pending = { path, replace: options?.replace ?? false };
    },
    // BrowserRouter keeps the browser's location: it is the router's.
    currentPath: () => globalThis.location.pathname,
  };
}
