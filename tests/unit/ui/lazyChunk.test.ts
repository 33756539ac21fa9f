import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../src/store/timing';
import { ChunkLoadTimeoutError, loadChunk } from '../../../src/ui/lazyChunk';

/*
 * The chunk loader rules (application-behaviour §8 "A chunk load error shows an app-restart notice
 * and reloads after 6 s"; §9 "Chunk loader time-out 120000 ms"), in virtual time (vitest fake
 * timers). The notice and the 6 s reload are the store's chunkLoadErrorEpic (appEpics tests).
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A load the test settles by hand. */
function pendingLoad<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

/** Follows a promise's outcome without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  );
  return outcome;
}

describe('loadChunk (chunk loader time-out and errors)', () => {
  const policy = (onError: ((error: Error) => void) | null) => ({
    timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
    onError,
  });

  it('gives the chunk when it loads in time, and reports nothing', async () => {
    const onError = vi.fn();
    const chunk = pendingLoad<string>();
    const outcome = watch(loadChunk(chunk.load, policy(onError)));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    chunk.resolve('page');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(outcome).toEqual({ value: 'page', settled: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a chunk still loading after 120 s once, and keeps the screen suspended', async () => {
    const onError = vi.fn();
    const chunk = pendingLoad<string>();
    const outcome = watch(loadChunk(chunk.load, policy(onError)));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadTimeoutError);
    chunk.resolve('too late');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.settled).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reports a failed chunk at once, not again at the time-out', async () => {
    const onError = vi.fn();
    const chunk = pendingLoad<string>();
    const outcome = watch(loadChunk(chunk.load, policy(onError)));
    chunk.reject(new TypeError('Failed to fetch dynamically imported module'));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS * 2);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(TypeError);
    expect(outcome.settled).toBe(false);
  });

  it('rejects as React.lazy would when no handler is set (tests, before main.tsx configures it)', async () => {
    const chunk = pendingLoad<string>();
    const outcome = watch(loadChunk(chunk.load, policy(null)));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(outcome.error).toBeInstanceOf(ChunkLoadTimeoutError);
    const failing = watch(loadChunk(() => Promise.reject(new Error('404')), policy(null)));
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.error).toEqual(new Error('404'));
  });
});
