import { expect } from 'vitest';

/**
 * Waits in real time, polling every 5 ms (at most 400 times), until `check` holds, then asserts it,
 * failing the test if it never does. No timing assertion: the bound only limits the wait.
 */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
