import { parentPort, workerData } from 'node:worker_threads';
import type { PacedPhones } from './pacedPhones';
import { getRequestBytes, sendInOrder } from './rawHttpPhone';

/**
 * The phones of `share.latency` on their own thread (pacedPhones.ts): every request is built before
 * the first is due, each device sends its own in order on one keep-alive connection when due, and
 * the thread answers when each was sent.
 */
async function run({ origin, startAtMs, periodMs, devices }: PacedPhones): Promise<number[][]> {
  const { hostname, port, host } = new URL(origin);
  return Promise.all(
    devices.map(async ({ phaseMs, paths }) => {
      const requests = paths.map((path) => getRequestBytes(host, path));
      const sentAtMs = new Array<number>(paths.length).fill(Number.NaN);
      await sendInOrder(
        hostname,
        Number(port),
        requests,
        (index, status) => {
          if (status !== 200)
            throw new Error(`osmand: ${String(status)} (request ${String(index)})`);
        },
        {
          dueAtMs: (index) => startAtMs + phaseMs + index * periodMs,
          onSend: (index, atMs) => {
            sentAtMs[index] = atMs;
          },
        },
      );
      return sentAtMs;
    }),
  );
}

run(workerData as PacedPhones).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, error: String(error) }),
);
