import { z } from 'zod';
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
  request: z.object({ ShortCode: z.string().min(1).max(64) }),
  response: ShortUrl.pick({ FullUrl: true }),
});

/** Creates a short code for a URL, `Vanity` when given and free. */
export const createShortUrl = defineCall({
  name: 'create-short-url',
  api: 'central',
  method: 'POST',
  path: '/urls',
  request: z.object({ FullUrl: z.url(), Vanity: VanityCode.optional() }),
  response: ShortUrl,
});

/** The central-service calls by name. */
export const centralCalls = {
  'domains-list': domainsList,
  'get-short-url': getShortUrl,
  'create-short-url': createShortUrl,
} as const;
