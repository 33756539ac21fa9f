import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/errorHandler';

/** Path prefixes that belong to the server's APIs: an unknown path there is a JSON 404, never the SPA. */
export const API_PREFIXES = [
  '/api/',
  '/authapi/',
  '/identity',
  '/central/',
  '/ingest/',
  '/socket.io/',
  '/docs/',
  '/brands/',
] as const;

/**
 * Whether the path's last segment ends in a file extension (`/favicon.ico`, `/assets/x.js.map`): a
 * missing file gets the JSON 404, not the page. The extension is 1–8 letters or digits, so a share
 * link's token (`…/share/activity/{header}.{claims}.{signature}`, a 43-character signature) is a page.
 */
function looksLikeFile(url: string): boolean {
  const last = (url.split('?')[0] ?? '').split('/').at(-1) ?? '';
  return /\.[a-z0-9]{1,8}$/i.test(last);
}

/** Whether the request is a browser's navigation (its Accept names text/html). */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Serves the built SPA from `webDir`: hashed assets under /assets/ cached for a year, everything else
 * revalidated; a file's brotli or gzip twin built beside it (`name.br`, `name.gz`) instead when the
 * browser accepts that encoding; any other GET for an HTML page gets index.html so deep links (/member/activities) and
 * unknown paths reach the client router, which shows page-not-found. API paths and non-GET requests
 * get the JSON 404. When the SPA is not built, pages answer 503 with the command that builds it.
 */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const indexHtml = await readFile(path.join(webDir, 'index.html'), 'utf8').catch(() => null);
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each script, style sheet and JSON asset (vite.config.ts):
      // a browser that accepts one gets it (the map's chunk: 1.7 MB plain, 0.38 MB as brotli).
      preCompressed: true,
      // Our Cache-Control (setHeaders below) only: `send`'s own header ("public, max-age=0") was
      // written after it and replaced it, so hashed assets went out without their year of caching.
      cacheControl: false,
      // '/' is a directory: leave it to the not-found handler, which answers index.html.
      allowedPath: (pathName) => pathName !== '/',
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The body depends on Accept-Encoding (preCompressed), which caches must key on.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      (acceptsHtml(request) || !looksLikeFile(url));
    if (!wantsPage)
      return sendApiError(
        reply,
        404,
        'NOT_FOUND',
        `No route for ${request.method} ${url.split('?')[0] ?? ''}`,
      );
    if (indexHtml === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
