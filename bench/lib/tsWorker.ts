import { Worker } from 'node:worker_threads';

/**
 * Runs the TypeScript module `entry` on a worker thread with `workerData` and resolves with the
 * result it posts (`{ ok: true, result }`), or rejects with the error it posts (`{ ok: false, error }`)
 * or throws. The thread loads TypeScript through tsx's loader, registered inside it (Node 20 workers
 * do not take `--import` in execArgv before their entry module). A bench's load runs there so the
 * client's own work is not charged to the server's event loop (a real phone is not in the server's
 * process).
 */
export function runTsWorker<T>(entry: URL, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
      { eval: true, workerData },
    );
    worker.once('message', (message: { ok: boolean; result?: T; error?: string }) => {
      if (message.ok && message.result !== undefined) resolve(message.result);
      else reject(new Error(message.error ?? 'the worker failed'));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
