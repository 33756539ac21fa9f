import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { createStorage } from '../../../../src/streams/storage';

/** Runs the fake clock `ms` ms on, inside React's act (timers' renders flushed). */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/**
 * Registers the hooks of a describe block whose components read the clock: English texts (en-GB),
 * and fake timers with the wall clock at `startMs` (epoch ms) before each test.
 */
export function withFakeClockAt(startMs: number): void {
  beforeAll(async () => {
    await initI18n(createStorage(null), 'en-GB');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(startMs);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
