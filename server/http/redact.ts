/** Query keys whose values are secrets, lower case (matched case-insensitively). */
const SECRET_QUERY_KEYS = new Set([
  'totp',
  'token',
  'access_token',
  'id',
  'deviceid',
  'key',
  'sharetoken',
  'sharetotp',
  'memberintegrationtoken',
]);

/** A JWT: three base64url segments, the first a JSON object (`eyJ` is base64url of `{"`). */
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

const REDACTED = '[redacted]';

/**
 * Removes secrets from a request URL before it is logged: share tokens in `/share/activity/{token}`,
 * `/share/journey/{token}`, `/go/{code}` and `/central/urls/{code}` paths (a short code opens a
 * share); the IMEI and code of `/activate/{imei}/{code}` and `/member/activate-device-code/{imei}/
 * {code}` (a device's activation link); the `totp`, `token`, `access_token`, `key`, `id`,
 * `deviceid`, `ShareToken`, `ShareTotp` and `MemberIntegrationToken` query values (any letter case;
 * OsmAnd ingest keys travel as `id`, or `deviceid` as Traccar also accepts); and any other path
 * segment or query value shaped like a JWT (share and member tokens wherever they travel). Policy
 * (issue 8 item 1, docs/shares.md): tokens never appear in logs.
 */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split('?', 2);
  const path = pathPart
    .replace(/^(\/(?:share\/(?:activity|journey)|go|central\/urls)\/)[^/]+/, `$1${REDACTED}`)
    // A device's QR activation link carries its IMEI and activation code: with both, anyone who
    // reads the log could claim a device its buyer has not activated yet.
    .replace(
      /^(\/(?:activate|member\/activate-device-code)\/)[^/]+\/[^/?]+/,
      `$1${REDACTED}/${REDACTED}`,
    )
    .split('/')
    .map((segment) => (JWT.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const key of new Set(params.keys())) {
    const secret =
      SECRET_QUERY_KEYS.has(key.toLowerCase()) || params.getAll(key).some((v) => JWT.test(v));
    if (secret) params.set(key, REDACTED);
  }
  return `${path}?${params.toString()}`;
}
