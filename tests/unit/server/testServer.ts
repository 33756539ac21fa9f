import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { inject } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDb, type Db } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { dropDatabase, ensureDatabase } from '../../../server/db/provision';
import { seedDefaults } from '../../../server/db/seed';
import { installErrorHandling } from '../../../server/http/errorHandler';

/** A fresh, migrated and seeded database of the run's test cluster, for one test file. */
export interface TestDatabase {
  readonly db: Db;
  readonly url: string;
  readonly drop: () => Promise<void>;
}

/** Creates `t_<random>` in the test cluster (ARCHITECTURE.md §6: a fresh database per test file). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDb({ url: url.toString(), max: 4 });
  await migrateToLatest(db);
  await seedDefaults(db, { domainUrl: 'http://127.0.0.1:8080' });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A built web app stand-in: a temp dir with index.html, an asset and build.json. */
export async function createWebDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lifeline-web-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(
    path.join(dir, 'build.json'),
    JSON.stringify({ BuildTimestamp: 1_795_000_000_000 }),
  );
  // A hashed script with the .br and .gz twins the build writes beside it (vite.config.ts), and one
  // too small to have any.
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app-test.js'), TEST_SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-test.js.br'), brotliCompressSync(TEST_SCRIPT));
  await writeFile(path.join(dir, 'assets', 'app-test.js.gz'), gzipSync(TEST_SCRIPT));
  await writeFile(path.join(dir, 'assets', 'tiny-test.js'), 'export {};\n');
  return dir;
}

/** The script of {@link createWebDir}'s `assets/app-test.js`. */
export const TEST_SCRIPT = `export const answer = ${JSON.stringify('lifeline '.repeat(400))};\n`;

/** The embedded-mode test configuration, with overrides of the environment. */
export function testConfig(env: Record<string, string> = {}, webDir?: string): ServerConfig {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  return webDir ? { ...config, webDir } : config;
}

/** Builds the app on a test database (no port opened; use `app.inject`). */
export async function buildTestServer(
  db: Db,
  config: ServerConfig = testConfig(),
): Promise<FastifyInstance> {
  const app = await buildServer(config, { db });
  await app.ready();
  return app;
}

/**
 * A bare Fastify app as the server's routes expect it, for a test that registers only the plugins it
 * tests: the contract's zod validator and serializer and, unless `errorHandling` is false, the
 * server's error handling (the spec's error shape, server/http/errorHandler.ts).
 */
export function bareTestApp(options: { readonly errorHandling?: boolean } = {}): FastifyInstance {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.errorHandling !== false) installErrorHandling(app);
  return app;
}
