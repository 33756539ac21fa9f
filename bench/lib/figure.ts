/**
 * One measured figure, printed as one JSON line by `npm run bench`:
 * `{"bench":"<area>.<name>","metric":"<what>","value":<number>,"unit":"<unit>","params":{…}}`.
 */
export interface Figure {
  readonly bench: string;
  readonly metric: string;
  readonly value: number;
  readonly unit: string;
  readonly params: Record<string, string | number | boolean>;
}

/** A bench area: a name and a function that measures and returns its figures. */
export interface BenchArea {
  readonly area: string;
  readonly run: () => Promise<Figure[]>;
}

/**
 * Runs `fn` repeatedly for at least `minMs` (after `warmup` calls) and returns operations per second
 * and the mean time per operation in ms.
 */
export async function measure(
  fn: () => unknown,
  options: { minMs?: number; warmup?: number } = {},
): Promise<{ opsPerSecond: number; meanMs: number; iterations: number }> {
  const minMs = options.minMs ?? 1_000;
  for (let i = 0; i < (options.warmup ?? 3); i += 1) await fn();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    await fn();
    iterations += 1;
    elapsed = performance.now() - start;
  }
  return { opsPerSecond: (iterations * 1000) / elapsed, meanMs: elapsed / iterations, iterations };
}
