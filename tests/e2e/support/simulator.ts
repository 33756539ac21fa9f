import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Where each simulator's output goes (Playwright's output folder): read it when a test failed. */
const LOG_DIR = path.join(ROOT, 'test-results', 'simulators');

/**
 * Starts `npm run simulate`'s program (tools/simulate.ts) as its own process: the device of
 * `ingestKey` replays the real track `track` (a file of tests/fixtures/tracks) to `server` over the
 * OsmAnd protocol, looping, and answers messages as the watch. `options.sosAt` presses SOS once per
 * loop after that fraction of the points (`--sos-at`), `options.speed` replays faster (`--speed`).
 * Its output (what it sent, what the server answered) goes to `test-results/simulators/`, one file
 * per device and track. Stop it with {@link stopSimulator}.
 */
export function startSimulator(
  server: string,
  ingestKey: string,
  track: string,
  options: { readonly sosAt?: number; readonly speed?: number } = {},
): ChildProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(
    path.join(LOG_DIR, `${ingestKey.slice(0, 8)}-${path.parse(track).name}.log`),
    'a',
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tools/simulate.ts',
      '--server',
      server,
      '--key',
      ingestKey,
      '--track',
      path.join('tests/fixtures/tracks', track),
      '--loop',
      ...(options.sosAt === undefined ? [] : ['--sos-at', String(options.sosAt)]),
      ...(options.speed === undefined ? [] : ['--speed', String(options.speed)]),
    ],
    { cwd: ROOT, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  return child;
}

/** Stops a simulator started by {@link startSimulator} and waits until its process has ended. */
export async function stopSimulator(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  child.kill('SIGTERM');
  // A second signal quits at once (tools/simulate.ts), should the first wait on the network.
  const force = setTimeout(() => child.kill('SIGTERM'), 5_000);
  await ended;
  clearTimeout(force);
}
