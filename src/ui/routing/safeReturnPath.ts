/**
 * The in-app path to return to after login or terms acceptance (spec §4 "The requested route is
 * remembered"), or '/' when `value` is anything else: only a same-origin path (`/…`) with no
 * backslash, control character or protocol-relative form (`//host`), so `?returnTo=` can never send
 * the user to another site (no open redirect).
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/';
  // Backslashes and control characters are never part of our paths (browsers read `/\\host` as a host).
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '/';
  }
  const base = 'https://lifeline.invalid';
  const resolved = new URL(value, base);
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
}
