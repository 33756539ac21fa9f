import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { migrateToLatest } from '../../server/db/migrate';
import { ensureDatabase } from '../../server/db/provision';
import { seedDefaults } from '../../server/db/seed';

/**
 * Runs `work` with a migrated, seeded database on a throwaway embedded PostgreSQL (`db`, and its
 * `postgres://…` `url`), and removes it all afterwards (benches measure against the real database, as
 * `npm start` runs it).
 */
export async function withBenchDatabase<T>(
  name: string,
  work: (db: Db, url: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), `lifeline-bench-${name}-`));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir, ephemeral: true });
  await ensureDatabase(pg.adminUrl, 'bench');
  const url = pg.urlFor('bench');
  const db = openDb({ url });
  try {
    await migrateToLatest(db);
    await seedDefaults(db, { domainUrl: 'http://127.0.0.1' });
    return await work(db, url);
  } finally {
    await db.destroy();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
