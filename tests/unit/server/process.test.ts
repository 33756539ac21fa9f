import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../server/db/embedded';

/**
 * The server as `npm start` runs it: a real process with its embedded PostgreSQL in DATA_DIR,
 * stopped by a signal. Slow (a few seconds per start), so one file covers the whole lifecycle.
 */
interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code);
    });
  });
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`did not print "${text}":\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Connects to the embedded cluster the server left in DATA_DIR (port from postmaster.pid). */
async function clusterClient(dataDir: string): Promise<pg.Client> {
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const pid = (await readFile(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8')).split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pid[3]),
    user: 'postgres',
    password,
    database: 'lifeline',
  });
  await client.connect();
  return client;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('server process', () => {
  it('serves, refuses a second start on the same DATA_DIR, stops cleanly and keeps the data', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'lifeline-proc-'));
    await chmod(parent, 0o755); // the embedded cluster runs as the `postgres` user when we are root
    const dataDir = path.join(parent, 'data');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };

    const first = startServer(env);
    await waitFor(first, `running (embedded mode) at http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });

    const client = await clusterClient(dataDir);
    await client.query(
      "insert into domains (domain_id, country_code, description, domain_url) values ('kept', 'NO', 'survives', 'http://x')",
    );
    await client.end();

    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /Another Lifeline server \(pid \d+\) is already using DATA_DIR=/,
    );
    expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped.');

    const again = startServer(env);
    await waitFor(again, 'running (embedded mode)');
    expect(again.output()).not.toContain('Applied migrations');
    const reopened = await clusterClient(dataDir);
    const kept = await reopened.query("select description from domains where domain_id = 'kept'");
    await reopened.end();
    expect(kept.rows).toEqual([{ description: 'survives' }]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('stops with a message naming a bad variable, without a stack trace', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: '/nonexistent' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
    expect(bad.output()).not.toMatch(/\n\s+at /);
  });
});
