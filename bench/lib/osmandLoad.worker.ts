import { Agent, get } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { OsmAndLoad, OsmAndLoadResult } from './osmandLoad';

/**
 * The OsmAnd phones of `ingest.osmand` and `ingest.http-floor`, on their own thread so the server's
 * event loop does not also run the client: every device sends its stream in order, one GET a point,
 * all devices at once; answers how many distinct points were acknowledged and how long it took.
 * Each phone keeps its connection open (node:http with a keep-alive agent, a socket per phone), as
 * a tracker app's HTTP client does. Not `fetch`: undici's per-request cost on these two shared cores
 * held the bare route's ceiling at 2,400–3,800 GETs/s; with node:http it is above 5,000.
 */
async function run({ origin, devices }: OsmAndLoad): Promise<OsmAndLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: devices.length });
  /** One GET; answers the status once the (empty) body is read. */
  const send = (url: string) =>
    new Promise<number>((resolve, reject) => {
      get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
      }).on('error', reject);
    });
  const started = performance.now();
  const results = await Promise.all(
    devices.map(async ({ key, points }) => {
      const seen = new Set<number>();
      for (const point of points) {
        const query = new URLSearchParams({
          id: key,
          timestamp: String(point.Time),
          lat: String(point.Lat),
          lon: String(point.Lon),
        });
        const status = await send(`${origin}/ingest/osmand?${query.toString()}`);
        if (status !== 200) throw new Error(`osmand: ${status}`);
        seen.add(point.Time);
      }
      return seen.size;
    }),
  );
  agent.destroy();
  return {
    accepted: results.reduce((sum, n) => sum + n, 0),
    requests: devices.reduce((sum, d) => sum + d.points.length, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

run(workerData as OsmAndLoad).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
);
