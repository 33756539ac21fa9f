/**
 * Removes secrets from a request URL before it is logged: share tokens in `/share/activity/{token}`,
 * `/share/journey/{token}` and `/go/{code}` paths, and the `totp`, `token`, `access_token`, `key`, `id`
 * and `deviceid` query values (OsmAnd ingest keys travel as `id`, or `deviceid` as Traccar also
 * accepts). Spec-independent policy: tokens never appear in logs.
 */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const path = pathPart.replace(/^(\/(?:share\/(?:activity|journey)|go)\/)[^/]+/, '$1[redacted]');
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const key of ['totp', 'token', 'access_token', 'id', 'deviceid', 'key']) {
    if (params.has(key)) params.set(key, '[redacted]');
  }
  return `${path}?${params.toString()}`;
}
