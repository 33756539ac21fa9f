import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the server suite uses (one cluster per run). */
    testDatabaseAdminUrl: string;
  }
}

/**
 * One PostgreSQL cluster per test run (ARCHITECTURE.md §6): the embedded one, in a temporary directory,
 * or the server named by TEST_DATABASE_URL. Each server test file creates its own database in it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('testDatabaseAdminUrl', external);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'lifeline-test-pg-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir, ephemeral: true });
  project.provide('testDatabaseAdminUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
