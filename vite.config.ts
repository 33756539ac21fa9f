import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { localeKeys } from './scripts/vite/localeKeys.ts';

/** Server paths the Vite dev server forwards to the Lifeline server (`npm run dev`). */
const SERVER_PATHS = [
  '/api',
  '/authapi',
  '/identity',
  '/central',
  '/go/',
  '/ingest',
  '/docs',
  '/basemap',
  '/brands',
  '/config.json',
  '/healthz',
];

/** Emits `build.json` ({ BuildTimestamp }, epoch ms) next to the SPA for the hourly build check (spec §7). */
function buildInfo(): Plugin {
  return {
    name: 'lifeline-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ BuildTimestamp: Date.now() }),
      });
    },
  };
}

const serverOrigin = process.env.LIFELINE_SERVER_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    localeKeys(),
    buildInfo(),
    // Each script, style sheet and JSON asset also as .br and .gz beside it, which the server sends
    // to a browser that accepts them (server/web/spa.ts `preCompressed`). Source maps and index.html
    // (read and sent by the server itself) stay plain.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      exclude: [/\.map$/, /\.html$/],
      threshold: 1024,
    }),
  ],
  // amazon-cognito-identity-js reads `global` (TOOLCHAIN.md).
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: the chunk graph bench/bundle.ts measures (issue 7).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry loads at start, in one chunk (`$initial`: imported statically by
          // the entry, directly or not). Left to itself Rolldown gives each module that a lazy
          // screen shares with the entry a chunk of its own: ~60 files of a few hundred bytes at
          // start, each gzipped alone (issue 7 "initial JS for the login route"). The HTML entry
          // module and Vite's modulepreload polyfill stay out, so index.html keeps an entry chunk of
          // its own (and the build manifest its `index.html` entry, which bench/bundle.ts reads).
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !id.endsWith('/index.html') && !id.includes('modulepreload-polyfill'),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: serverOrigin }])),
      '/socket.io': { target: serverOrigin, ws: true },
    },
  },
});
