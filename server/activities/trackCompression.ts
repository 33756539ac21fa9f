import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);

/**
 * Brotli quality of a cached track's twin: 5 makes a real track about a quarter of its size (the
 * fjord day's 24,228 points: 969 KB → 233 KB, in 74 ms on this machine), once per cached version.
 */
const TRACK_BROTLI_QUALITY = 5;

const twins = new WeakMap<Uint8Array, Promise<Buffer>>();

/**
 * The brotli encoding of `body`, a whole track the server's TrackCache holds (trackCache.ts) and so
 * sends again and again: made once per body, in libuv's thread pool (not on the event loop), and kept
 * as long as the body is (a failure is not kept). A 1 Hz day is 3.4 MB plain (src/api/trackBinary.ts): a 7-day journey's
 * tracks 24 MB, about a quarter of that encoded, on a member's or guardian's phone.
 * @throws Error (rejects) when zlib fails.
 */
export function brotliTwinOf(body: Uint8Array): Promise<Buffer> {
  let twin = twins.get(body);
  if (!twin) {
    twin = brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: TRACK_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
    twins.set(body, twin);
    // A failed encoding is not kept: the next request tries again.
    twin.catch(() => twins.delete(body));
  }
  return twin;
}

/** Whether an `Accept-Encoding` header (absent: none) accepts brotli (`br`, not with q=0). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && negotiate(acceptEncoding, ['br']) === 'br';
}
