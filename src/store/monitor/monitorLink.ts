import { decodeShareTokenClaims } from '../../api/entities/share';

/**
 * Why a pasted link cannot be watched (translated as `Monitor.AddError.{reason}`):
 * `Invalid` — neither an activity share link nor a share token; `JourneyLink` — a journey share (the
 * monitor watches live activities only); `AlreadyWatched`; `TooMany` — {@link MONITOR_SHARES_MAX}
 * shares are watched already.
 */
export type MonitorAddError = 'Invalid' | 'JourneyLink' | 'AlreadyWatched' | 'TooMany';

/**
 * Most shares one monitor watches: the server's cap of shares per socket
 * (server/realtime/rooms.ts SHARES_PER_SOCKET_MAX; docs/monitor.md "Cap").
 */
export const MONITOR_SHARES_MAX = 200;

const SHARE_PATH = /\/share\/(activity|journey)\/([^/?#\s]+)/;

/**
 * The share token in what an operator pasted (docs/monitor.md "Adding a share"): a link
 * `…/share/activity/{token}[?totp=…]` (any host; the token's own C2Url names its server) or a bare
 * token. Surrounding blanks are ignored. A `/share/journey/` link, or a token with journey claims
 * (JourneyStart/JourneyEnd), is a journey share → `JourneyLink`; text that holds no decodable
 * share token → `Invalid`.
 * The token's signature, expiry and revocation are the server's to check when the share loads.
 */
export function parseMonitorLink(
  text: string,
): { readonly ShareToken: string } | { readonly error: 'Invalid' | 'JourneyLink' } {
  const trimmed = text.trim();
  const match = SHARE_PATH.exec(trimmed);
  if (match?.[1] === 'journey') return { error: 'JourneyLink' };
  let token = match?.[2] ?? trimmed;
  try {
    token = decodeURIComponent(token);
  } catch {
    return { error: 'Invalid' };
  }
  const claims = decodeShareTokenClaims(token);
  if (!claims) return { error: 'Invalid' };
  if (claims.JourneyStart !== undefined || claims.JourneyEnd !== undefined) {
    return { error: 'JourneyLink' };
  }
  return { ShareToken: token };
}
