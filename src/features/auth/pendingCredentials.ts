import type { StoreDependencies } from '../../store/dependencies';

/**
 * The e-mail and password of an account just created, kept in memory only (never in the store or its
 * action log) until the e-mail is confirmed, for the automatic sign-in of the sign-up order (spec §4).
 * One per store.
 */
const pending = new WeakMap<StoreDependencies, { email: string; password: string }>();

export function rememberCredentials(
  deps: StoreDependencies,
  email: string,
  password: string,
): void {
  pending.set(deps, { email: email.trim().toLowerCase(), password });
}

/** Takes (and forgets) the remembered credentials when they belong to `email`. */
export function takeCredentials(
  deps: StoreDependencies,
  email: string,
): { email: string; password: string } | null {
  const remembered = pending.get(deps);
  if (!remembered || remembered.email !== email.trim().toLowerCase()) return null;
  pending.delete(deps);
  return remembered;
}
