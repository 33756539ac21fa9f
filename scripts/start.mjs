// `npm start`: builds the web app and the server when their builds are missing or stale, then runs the
// server (embedded PostgreSQL, the built SPA, the demo) in the foreground and forwards stop signals.
import { spawn, spawnSync } from 'node:child_process';
import { isStale } from './freshness.mjs';

const WEB_INPUTS = [
  'src',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const SERVER_INPUTS = [
  'server',
  'src/api',
  'tools',
  'package-lock.json',
  'scripts/build-server.mjs',
];

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (await isStale('dist/web/build.json', WEB_INPUTS)) {
  console.log('Building the web app …');
  run('build:web');
}
if (await isStale('dist/server/main.js', SERVER_INPUTS)) {
  console.log('Building the server …');
  run('build:server');
}

// A young generation of 32 MB semi-spaces (Node 20's default: 16 MB): device ingest allocates short-
// lived objects for every request, and with the default the server spent about 14 % of its main
// thread in scavenges; `ingest.osmand` measured about 13 % more points/s with it (docs/decisions.md
// "Ingest throughput"; `npm run bench` runs with the same flag).
const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];

// The server runs in its own process group: Ctrl+C reaches this script (and npm) only, and is passed
// on exactly once, so the server drains requests before its embedded PostgreSQL stops.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: process.env,
  detached: true,
});
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
