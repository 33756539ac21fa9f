import { parentPort, workerData } from 'node:worker_threads';
import type { OsmAndLoad, OsmAndLoadResult } from './osmandLoad';
import { getRequestBytes, sendInOrder } from './rawHttpPhone';
import { sustainedWindow } from './sustainedRate';

/**
 * The OsmAnd phones of `ingest.osmand` and `ingest.http-floor`, on their own thread so the server's
 * event loop does not also run the client: every device sends its stream in order, one GET a point,
 * all devices at once; answers how many distinct points were acknowledged and how long it took,
 * over the whole run and over its sustained window (sustainedRate.ts: every phone past its first
 * `warmupAnswers` answers, none done yet).
 * Each phone keeps its connection open, as a tracker app's HTTP client does, and reads its answers
 * with no HTTP client library (rawHttpPhone.ts): the client shares the two cores with the server,
 * and whatever it spends is lost to the server. Not `fetch`: undici's per-request cost held the
 * bare route's ceiling at 2,400–3,800 GETs/s; node:http's client at 11,500–20,000; this reader at
 * 33,000–49,000 (2026-12-06), about 0.03–0.06 ms less machine CPU per GET. Every request is built
 * before the clock starts.
 */
async function run({ origin, devices, warmupAnswers }: OsmAndLoad): Promise<OsmAndLoadResult> {
  const { hostname, port, host } = new URL(origin);
  // Each phone's requests, built before the clock starts (a phone builds one per fix anyway, on its
  // own CPU; here it would be charged to the two cores the server shares).
  const phones = devices.map(({ key, points }) => ({
    times: points.map((point) => point.Time),
    requests: points.map((point) =>
      getRequestBytes(
        host,
        `/ingest/osmand?${new URLSearchParams({
          id: key,
          timestamp: String(point.Time),
          lat: String(point.Lat),
          lon: String(point.Lon),
        }).toString()}`,
      ),
    ),
  }));
  const started = performance.now();
  const answers = await Promise.all(
    phones.map(async ({ times, requests }) => {
      const seen = new Set<number>();
      const answeredAtMs = new Float64Array(requests.length);
      const fresh = new Uint8Array(requests.length);
      let count = 0;
      await sendInOrder(hostname, Number(port), requests, (index, status) => {
        if (status !== 200) throw new Error(`osmand: ${status}`);
        const time = times[index] ?? 0;
        answeredAtMs[index] = performance.now();
        fresh[index] = seen.has(time) ? 0 : 1;
        seen.add(time);
        count = index + 1;
      });
      return { answeredAtMs, fresh, count, accepted: seen.size };
    }),
  );
  return {
    accepted: answers.reduce((sum, phone) => sum + phone.accepted, 0),
    requests: devices.reduce((sum, d) => sum + d.points.length, 0),
    seconds: (performance.now() - started) / 1000,
    // Its accepted points, answers and seconds (and the window's bounds, unused by the caller).
    sustained: sustainedWindow(answers, warmupAnswers),
  };
}

run(workerData as OsmAndLoad).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
);
