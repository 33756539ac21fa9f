import { parentPort, workerData } from 'node:worker_threads';
import type { OsmAndLoad, OsmAndLoadResult } from './osmandLoad';

/**
 * The OsmAnd phones of `ingest.osmand` and `ingest.http-floor`, on their own thread so the server's
 * event loop does not also run the client: every device sends its stream in order, one GET a point,
 * all devices at once; answers how many distinct points were acknowledged and how long it took.
 */
async function run({ origin, devices }: OsmAndLoad): Promise<OsmAndLoadResult> {
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
        const res = await fetch(`${origin}/ingest/osmand?${query.toString()}`);
        if (res.status !== 200) throw new Error(`osmand: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        seen.add(point.Time);
      }
      return seen.size;
    }),
  );
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
