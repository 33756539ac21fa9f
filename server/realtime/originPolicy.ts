import type { ServerConfig } from '../config';
import { publicOrigin } from '../identity/poolConfig';

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether a socket handshake with this `Origin` header may connect (ARCHITECTURE.md §5 "Realtime"):
 * - no Origin: a non-browser client (a device, the simulator, tests); browsers always send one;
 * - the server's own public origin (PUBLIC_URL, else http://HOST:PORT), which serves the SPA;
 * - outside production, any http(s) origin on a loopback host and any port: the Vite dev server
 *   (localhost:5173 forwards the browser's Origin) and local end-to-end runs.
 * Everything else is refused (403 before the upgrade). Sockets carry no credentials (a socket proves
 * who it is with a token in verify-socket-user), so this is a second line, not the authorisation.
 * An SPA served from another origin than its domain server needs that origin added here.
 */
export function isAllowedOrigin(origin: string | undefined, config: ServerConfig): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicOrigin(config)).origin) return true;
  return (
    config.mode !== 'production' &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.test(url.hostname)
  );
}
