import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { OsmAndLoad, OsmAndLoadResult } from './osmandLoad';

/**
 * The OsmAnd phones of `ingest.osmand` and `ingest.http-floor`, on their own thread so the server's
 * event loop does not also run the client: every device sends its stream in order, one GET a point,
 * all devices at once; answers how many distinct points were acknowledged and how long it took.
 * Each phone keeps its connection open (node:http with a keep-alive agent, a socket per phone), as
 * a tracker app's HTTP client does. Not `fetch`: undici's per-request cost on these two shared cores
 * held the bare route's ceiling at 2,400–3,800 GETs/s; with node:http it is above 5,000. Every
 * request path is built before the clock starts and sent with request options rather than a URL to
 * parse: the client shares the two cores with the server, and that work lowered the bare route's
 * ceiling by about a fifth (2026-12-06: 11,500–12,500 GETs/s before, 14,800–15,300 after).
 */
async function run({ origin, devices }: OsmAndLoad): Promise<OsmAndLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: devices.length });
  const { hostname, port } = new URL(origin);
  /** One GET of `path`; answers the status once the (empty) body is read. */
  const send = (path: string) =>
    new Promise<number>((resolve, reject) => {
      request({ hostname, port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
      })
        .on('error', reject)
        .end();
    });
  // Each phone's requests, built before the clock starts (a phone builds one per fix anyway, on its
  // own CPU; here it would be charged to the two cores the server shares).
  const phones = devices.map(({ key, points }) => ({
    times: points.map((point) => point.Time),
    paths: points.map(
      (point) =>
        `/ingest/osmand?${new URLSearchParams({
          id: key,
          timestamp: String(point.Time),
          lat: String(point.Lat),
          lon: String(point.Lon),
        }).toString()}`,
    ),
  }));
  const started = performance.now();
  const results = await Promise.all(
    phones.map(async ({ times, paths }) => {
      const seen = new Set<number>();
      for (const [index, path] of paths.entries()) {
        const status = await send(path);
        if (status !== 200) throw new Error(`osmand: ${status}`);
        seen.add(times[index] ?? 0);
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
