import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/**
 * Brings the schema up to date (run at every start, before the server listens). Kysely's migrator
 * takes a PostgreSQL advisory lock, so several processes starting at once migrate exactly once.
 * Throws with the failing migration's name and error.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason =
      result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
