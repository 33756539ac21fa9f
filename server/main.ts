import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDb, type Db } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { ensureDatabase } from './db/provision';
import { seedDefaults } from './db/seed';
import { DataDirLockedError, lockDataDir } from './lifecycle/dataDirLock';

/** How long a graceful shutdown may take before the process exits anyway, ms. */
const SHUTDOWN_GRACE_MS = 30_000;

/** Name of the application database inside the embedded cluster. */
const EMBEDDED_DATABASE = 'lifeline';

interface Running {
  app?: FastifyInstance;
  db?: Db;
  pg?: EmbeddedPostgresHandle;
  unlock?: () => Promise<void>;
}

function fail(message: string): never {
  process.stderr.write(`\nlifeline: ${message}\n\n`);
  process.exit(1);
}

async function stopAll(running: Running): Promise<void> {
  // Order matters: stop taking requests and let in-flight ones finish, then close the pool, then stop
  // PostgreSQL (a clean shutdown checkpoints, so the data survives), then free the data directory.
  await running.app?.close().catch(() => undefined);
  await running.db?.destroy().catch(() => undefined);
  await running.pg?.stop().catch(() => undefined);
  await running.unlock?.().catch(() => undefined);
}

async function start(config: ServerConfig, running: Running): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    running.unlock = await lockDataDir(config.dataDir);
    process.stdout.write(`Starting the embedded PostgreSQL in ${config.dataDir} …\n`);
    running.pg = await startEmbeddedPostgres({ dir: config.dataDir });
    await ensureDatabase(running.pg.adminUrl, EMBEDDED_DATABASE);
    databaseUrl = running.pg.urlFor(EMBEDDED_DATABASE);
  }
  running.db = openDb({ url: databaseUrl });
  const applied = await migrateToLatest(running.db);
  if (applied.length > 0) process.stdout.write(`Applied migrations: ${applied.join(', ')}\n`);
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  await seedDefaults(running.db, { domainUrl: publicUrl });
  running.app = await buildServer(config, { db: running.db });
  await running.app.listen({ host: config.host, port: config.port });
  const address = running.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  process.stdout.write(
    `\nLifeline is running (${config.mode} mode) at http://${config.host}:${port}\n` +
      'Press Ctrl+C to stop.\n\n',
  );
}

/** The process entry of `npm start` and of production (`node dist/server/main.js`). */
async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const running: Running = {};
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    // A repeated signal (a terminal delivers Ctrl+C to the whole process group) does not cut the
    // shutdown short; a stuck one is ended after SHUTDOWN_GRACE_MS.
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write('Shutdown took too long: exiting now.\n');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    process.stdout.write(`\nReceived ${signal}: stopping …\n`);
    void stopAll(running).then(() => {
      process.stdout.write('Stopped.\n');
      process.exit(0);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await start(config, running);
  } catch (error) {
    await stopAll(running);
    if (error instanceof DataDirLockedError) fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${config.port} on ${config.host} is in use. Set PORT to another one.`);
    if (code === 'ECONNREFUSED' && config.databaseUrl) {
      fail('Cannot reach the PostgreSQL server named by DATABASE_URL (connection refused).');
    }
    fail(error instanceof Error ? error.message : String(error));
  }
}

await main();
