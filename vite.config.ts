import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react(), buildInfo()],
  // amazon-cognito-identity-js reads `global` (TOOLCHAIN.md).
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: the chunk graph bench/bundle.ts measures (issue 7).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: serverOrigin }])),
      '/socket.io': { target: serverOrigin, ws: true },
    },
  },
});
