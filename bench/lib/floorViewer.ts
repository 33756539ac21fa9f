import path from 'node:path';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';

/*
 * The page of `share.floor` (bench/shareLatency.ts): floorViewer.client.ts bundled with socket.io-client
 * into one script. The bench's server serves the page and its script (routes added to the bench's own
 * server instance only), so the page's socket and its verify-socket-user call go to the real server as
 * the app's do, under the same headers (a page fulfilled by Playwright's routing has no address, and
 * Chromium's local network access checks then refuse its socket to 127.0.0.1).
 */

/** The floor page's path on the bench's server; the share token is the URL's fragment. */
export const FLOOR_VIEWER_PATH = '/__bench/share-floor';

/** Adds the floor page and its script to the bench's server `app` (before it listens). */
export async function addFloorViewer(app: FastifyInstance): Promise<void> {
  const script = await floorViewerScript();
  app.get(FLOOR_VIEWER_PATH, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>' +
          '<body><dl class="ll-share-fact-list"><dt>Speed</dt><dd></dd></dl>' +
          `<script src="${FLOOR_VIEWER_PATH}.js"></script></body></html>`,
      ),
  );
  app.get(`${FLOOR_VIEWER_PATH}.js`, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
}

/**
 * The floor viewer's script: a live panel's one fact (`.ll-share-fact-list dd`, the element the
 * bench observes in the app) kept by the bundled client. Throws when esbuild cannot bundle it.
 */
async function floorViewerScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'floorViewer.client.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}
