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

  it('a point acknowledged with 2xx survives kill -9 of the server and a restart', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'lifeline-kill-'));
    await chmod(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), DEV_ENDPOINTS: 'true' };
    const origin = `http://127.0.0.1:${port}`;

    const first = startServer(env);
    await waitFor(first, `running (embedded mode) at ${origin}`);
    const demo = (await (await fetch(`${origin}/api/dev/demo`)).json()) as {
      ActivatableDevices: { IngestKey: string }[];
    };
    const key = demo.ActivatableDevices[0]?.IngestKey ?? '';
    const registry = await clusterClient(dataDir);
    const member = await registry.query<{ member_id: number }>(
      `insert into members (identity_sub, client_id, domain_id, email, name_first, name_last, language_code)
       select 'kill-9', client_id, 'local', 'kill9@example.com', 'K', 'Nine', 'en' from clients limit 1
       returning member_id`,
    );
    await registry.query(
      'update devices set member_id = $1, registered_at = now() where ingest_key = $2',
      [member.rows[0]?.member_id, key],
    );
    await registry.end();
    const startS = Math.floor(Date.now() / 1000) - 600;
    const acknowledged: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const query = new URLSearchParams({
        id: key,
        timestamp: String(startS + i * 5),
        lat: String(59.0176 + i * 0.0001),
        lon: '6.0532',
      });
      const response = await fetch(`${origin}/ingest/osmand?${query.toString()}`);
      if (response.status === 200) acknowledged.push((startS + i * 5) * 1000);
    }
    expect(acknowledged).toHaveLength(20);
    first.child.kill('SIGKILL');
    await first.exited;

    const again = startServer(env);
    await waitFor(again, `running (embedded mode) at ${origin}`);
    const reopened = await clusterClient(dataDir);
    const stored = await reopened.query<{ device_time_ms: string }>(
      'select p.device_time_ms from location_points p join devices d using (device_id) where d.ingest_key = $1 order by 1',
      [key],
    );
    await reopened.end();
    expect(stored.rows.map((row) => Number(row.device_time_ms))).toEqual(acknowledged);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('stops with a message naming a bad variable, without a stack trace', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: '/nonexistent' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
    expect(bad.output()).not.toMatch(/\n\s+at /);
  });
});
