import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDb, type Db } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { ensureDatabase } from './db/provision';
import { seedDefaults } from './db/seed';
import { startDemo, type Demo } from './demo/demo';
import { DEMO_DEFAULT_SOS_AT, DEMO_FIRST_SOS_AFTER_MS, DEMO_LIVE_SPAN_MS } from './demo/liveDemo';
import { DataDirLockedError, lockDataDir } from './lifecycle/dataDirLock';
import { basemapLand } from './geodata/basemap';
import { loadCoastline } from './geodata/coastline';
import { createShare } from './shares/shareService';

/** How long a graceful shutdown may take before the process exits anyway, ms. */
const SHUTDOWN_GRACE_MS = 30_000;

/** Name of the application database inside the embedded cluster. */
const EMBEDDED_DATABASE = 'lifeline';

interface Running {
  demo?: Demo;
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
  // Order matters: stop taking requests and let in-flight ones finish (the demo's simulator too: its
  // later requests get 503 and wait to retry), then stop the demo, close the pool, stop PostgreSQL (a
  // clean shutdown checkpoints, so the data survives), then free the data directory.
  await running.app?.close().catch(() => undefined);
  await running.demo?.stop().catch(() => undefined);
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
  running.db = openDb({ url: databaseUrl, prepare: config.databasePreparedStatements });
  const applied = await migrateToLatest(running.db);
  if (applied.length > 0) process.stdout.write(`Applied migrations: ${applied.join(', ')}\n`);
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  await seedDefaults(running.db, { domainUrl: publicUrl });
  const demo: { current: Demo | null } = { current: null };
  running.app = await buildServer(config, {
    db: running.db,
    demo: { current: () => demo.current?.current() ?? null },
  });
  await running.app.listen({ host: config.host, port: config.port });
  const address = running.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const appUrl = config.publicUrl ?? `http://${config.host}:${port}`;
  process.stdout.write(`\nLifeline is running (${config.mode} mode) at ${appUrl}\n`);
  // Read the coastline extract now (≈ 1–2 s), not when the first emergency is routed, and build the
  // offline basemap from it (≈ 1 s) before the first map asks for it.
  loadCoastline();
  basemapLand();
  if (config.demo) {
    running.demo = await startConfiguredDemo(config, running.db, running.app, appUrl);
    demo.current = running.demo ?? null;
  }
  process.stdout.write('Press Ctrl+C to stop.\n\n');
}

/** Starts the live demo (server/demo) against this server and prints how to use it. */
async function startConfiguredDemo(
  config: ServerConfig,
  db: Db,
  app: FastifyInstance,
  appUrl: string,
): Promise<Demo | undefined> {
  if (config.cognito) {
    process.stdout.write(
      'The live demo needs the local identity service; it is off with Cognito.\n',
    );
    return undefined;
  }
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const local = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const demo = await startDemo(db, {
    origin: `http://${local.includes(':') ? `[${local}]` : local}:${port}`,
    speed: config.demoSpeed,
    sosAt: DEMO_DEFAULT_SOS_AT,
    firstSosAfterMs: DEMO_FIRST_SOS_AFTER_MS,
    log: app.log,
    share: async (account, activityId) =>
      createShare(db, {
        memberId: account.memberId,
        target: { kind: 'activity', activityId },
        expiresAtMs: null,
        publicUrl: appUrl,
        nowMs: Date.now(),
      }),
    onShare: (share) => {
      process.stdout.write(`Live demo: guardian share of the live activity: ${share.url}\n`);
    },
  });
  const info = demo.current();
  process.stdout.write(
    '\nLive demo (DEMO=0 turns it off):\n' +
      `  sign in at ${appUrl}/auth/login as ${info?.email ?? ''} with password ${info?.password ?? ''}\n` +
      `  the demo watch paddles a real kayak track on the Lysefjord${config.demoSpeed === 1 ? ' at its real pace' : ` at ${String(config.demoSpeed)}×`};\n` +
      `  it presses SOS ${String(DEMO_FIRST_SOS_AFTER_MS / 60_000)} minutes after start, then once per ${String(Math.round(DEMO_LIVE_SPAN_MS / 60_000 / config.demoSpeed))}-minute loop\n` +
      `  the guardian share link is printed once the first fix is stored; also GET ${appUrl}/api/dev/demo\n` +
      `  e-mails, SMS and calls the system sends: ${appUrl}/dev/outbox\n\n`,
  );
  return demo;
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
