import * as z from 'zod/mini';
import { defineCall } from '../call';
import { Domain, ShortUrl } from '../entities';
import { NoRequest, VanityCode } from './common';

/* Calls of the central service (app §7 "Realtime and central service"), API `central`. */

/** The domains (deployments) members can belong to, wrapped as `Domains`. */
export const domainsList = defineCall({
  name: 'domains-list',
  api: 'central',
  method: 'GET',
  path: '/domains/list',
  request: NoRequest,
  response: z.object({ Domains: z.array(Domain) }),
});

/** Resolves a short code to its URL for /go/{code}; an unknown code is a 404 NOT_FOUND (app §2). */
export const getShortUrl = defineCall({
  name: 'get-short-url',
  api: 'central',
  method: 'GET',
  path: '/urls/{ShortCode}',
  request: z.object({ ShortCode: z.string().check(z.minLength(1), z.maxLength(64)) }),
  response: z.pick(ShortUrl, { FullUrl: true }),
});

/**
 * Creates a short code for a URL (a signed-in member only; `FullUrl` must be on the server's own public
 * origin). Without `Vanity` the code is random; with it, the code is the stub in lower case followed by
 * a dash and a random suffix (`bobs-trip-7Hq2xKpa`), since a short link opens a share (docs/shares.md
 * "Short links").
 */
export const createShortUrl = defineCall({
  name: 'create-short-url',
  api: 'central',
  method: 'POST',
  path: '/urls',
  request: z.object({ FullUrl: z.url(), Vanity: z.optional(VanityCode) }),
  response: ShortUrl,
});

/** The central-service calls by name. */
export const centralCalls = {
  'domains-list': domainsList,
  'get-short-url': getShortUrl,
  'create-short-url': createShortUrl,
} as const;
