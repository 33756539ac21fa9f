import type { Db } from '../db/database';
import { isShortCodeShaped, newShortCode } from './shortCode';
import { findFullUrl, insertShortUrl } from './shortUrlRepository';

/*
 * Short links of the central service (issue 7 item 4; app §2 /go/{code}, §3 "Short URL", §7 central
 * `/urls`). Used by server/central/shortUrlRoutes.ts, the resolving routes and share-journey
 * (server/shares/shareRoutes.ts). See docs/shares.md "Short links".
 */

/** Longest URL a short link may point at, characters (a share link with its token is ~600). */
export const MAX_FULL_URL_LENGTH = 2048;

/** Fresh codes tried before giving up; a clash of two random codes is already vanishingly rare. */
const CODE_ATTEMPTS = 5;

/** A refused `FullUrl`: not http(s), not on this server's public origin, or too long. */
export class InvalidFullUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFullUrlError';
  }
}

/** What {@link createShortUrl} needs. */
export interface CreateShortUrlInput {
  /** The URL to shorten: must be http(s) on `publicOrigin` (no open redirect to other hosts). */
  readonly fullUrl: string;
  /** The member's vanity stub (contract `VanityCode`), or null for a random code. */
  readonly vanity: string | null;
  /** This server's public origin, e.g. `https://eu.lifeline.example` (a path is ignored). */
  readonly publicOrigin: string;
  /** The member making the link. */
  readonly memberId: number;
  /** The share the link opens, when a share makes it. */
  readonly shareId?: string | null;
}

/** A created short link (app §3 "Short URL"). */
export interface CreatedShortUrl {
  readonly ShortCode: string;
  readonly FullUrl: string;
}

/**
 * Checks `fullUrl` for {@link createShortUrl} and answers it as the URL parser writes it (characters
 * a header cannot carry, such as U+2028, percent-encoded: it is sent back in a `Location` header);
 * throws {@link InvalidFullUrlError} for a URL that is not http(s), not on the origin of
 * `publicOrigin` (scheme, host and port), or over {@link MAX_FULL_URL_LENGTH} characters (before or
 * after encoding).
 */
export function checkFullUrl(fullUrl: string, publicOrigin: string): string {
  if (fullUrl.length > MAX_FULL_URL_LENGTH) {
    throw new InvalidFullUrlError(`longer than ${MAX_FULL_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(fullUrl);
  } catch {
    throw new InvalidFullUrlError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidFullUrlError('not an http(s) URL');
  }
  if (url.origin !== new URL(publicOrigin).origin) {
    throw new InvalidFullUrlError('not a URL of this server');
  }
  if (url.href.length > MAX_FULL_URL_LENGTH) {
    throw new InvalidFullUrlError(`longer than ${MAX_FULL_URL_LENGTH} characters`);
  }
  return url.href;
}

/**
 * Makes a short link to `fullUrl` and answers its code: a random 12-character base58 code, or the
 * vanity stub in lower case with a random 8-character suffix (server/central/shortCode.ts). A code
 * that is taken is drawn again. Throws {@link InvalidFullUrlError} (nothing written) for a refused
 * URL; a database failure or an unknown member or share rejects.
 */
export async function createShortUrl(db: Db, input: CreateShortUrlInput): Promise<CreatedShortUrl> {
  const fullUrl = checkFullUrl(input.fullUrl, input.publicOrigin);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const shortCode = newShortCode(input.vanity);
    const stored = await insertShortUrl(db, {
      shortCode,
      fullUrl,
      memberId: input.memberId,
      shareId: input.shareId ?? null,
    });
    if (stored) return { ShortCode: shortCode, FullUrl: fullUrl };
  }
  throw new Error(`no free short code after ${CODE_ATTEMPTS} attempts`);
}

/**
 * The URL short code `code` redirects to, or null when there is none; a code that cannot be one of
 * ours (not 1–64 letters, digits and dashes) is null without a lookup.
 */
export function resolveShortCode(db: Db, code: string): Promise<string | null> {
  return isShortCodeShaped(code) ? findFullUrl(db, code) : Promise.resolve(null);
}
