import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';
import { withBenchDatabase } from './lib/benchDatabase';

/** Request throughput of the server core (Fastify inject, no network) on the embedded PostgreSQL. */
export const serverBench: BenchArea = {
  area: 'server',
  run: () =>
    withBenchDatabase('server', async (db) => {
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
    }),
};
