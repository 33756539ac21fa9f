import { runTsWorker } from './tsWorker';

/**
 * Phones reporting on a clock (pacedPhones.worker.ts): each device's requests (paths with query, in
 * order), request i due at `startAtMs + phaseMs + i × periodMs` (epoch ms).
 */
export interface PacedPhones {
  readonly origin: string;
  readonly startAtMs: number;
  readonly periodMs: number;
  readonly devices: readonly { readonly phaseMs: number; readonly paths: readonly string[] }[];
}

/**
 * Runs `phones` on a worker thread, each on its own keep-alive connection with one request in
 * flight, and resolves once all are answered with when each request was sent: `sentAtMs[d][i]`, the
 * Date.now() just before device d's request i was written. Rejects on any answer but 200.
 */
export function runPacedPhones(phones: PacedPhones): Promise<number[][]> {
  return runTsWorker(new URL('./pacedPhones.worker.ts', import.meta.url), phones);
}
