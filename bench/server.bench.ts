import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/database';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrateToLatest } from '../server/db/migrate';
import { ensureDatabase } from '../server/db/provision';
import { seedDefaults } from '../server/db/seed';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';

/** Request throughput of the server core (Fastify inject, no network) on the embedded PostgreSQL. */
export const serverBench: BenchArea = {
  area: 'server',
  async run(): Promise<Figure[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'lifeline-bench-'));
    await chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres({ dir, ephemeral: true });
    await ensureDatabase(pg.adminUrl, 'bench');
    const db = openDb({ url: pg.urlFor('bench') });
    try {
      await migrateToLatest(db);
      await seedDefaults(db, { domainUrl: 'http://127.0.0.1' });
      const app = await buildServer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { db });
      await app.ready();
      const figures: Figure[] = [];
      for (const [name, url] of [
        ['healthz', '/healthz'],
        ['client', '/api/member-integration-public/member-integration-client/1'],
      ] as const) {
        const result = await measure(async () => {
          const res = await app.inject({ method: 'GET', url });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        });
        figures.push({
          bench: `server.${name}`,
          metric: 'requests per second (inject, one at a time)',
          value: Math.round(result.opsPerSecond),
          unit: 'req/s',
          params: { url, meanMs: Number(result.meanMs.toFixed(3)) },
        });
      }
      await app.close();
      return figures;
    } finally {
      await db.destroy();
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
