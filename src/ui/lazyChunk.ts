import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What happens when a chunk does not load: the app's restart (src/app/main.tsx wires the store). */
export interface ChunkLoadPolicy {
  /** How long a chunk may take, ms (policy §9 "Chunk load time-out 120000 ms"); null: no limit. */
  readonly timeoutMs: number | null;
  /** Hears a failed or timed-out chunk load; the component then stays on its fallback. */
  readonly onError: ((error: Error) => void) | null;
  /**
   * What every page chunk of {@link lazyChunk} also waits for, unless made with `alone`, under the
   * same time-out and error rule (src/app/main.tsx: the translations not bundled with the app).
   */
  readonly alongside?: () => Promise<unknown>;
}

/** A chunk that did not load within {@link ChunkLoadPolicy.timeoutMs}. */
export class ChunkLoadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`a chunk of the app did not load within ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

let policy: ChunkLoadPolicy = { timeoutMs: null, onError: null };

/**
 * Sets the app's chunk load policy (called once by src/app/main.tsx, before the first render). Until
 * then (tests) a chunk may take any time and a failure rejects as React.lazy's would.
 */
export function setChunkLoadPolicy(next: ChunkLoadPolicy): void {
  policy = next;
}

/**
 * `load()` within the policy's time-out (application-behaviour §8 "A chunk load error shows an
 * app-restart notice and reloads after 6 s"; policy §9 "Loader errors: script chunk failed to load
 * (including time-out)"). Resolves with the loaded value. When the load fails or times out and an
 * `onError` is set, it is called once and the returned promise never settles, so the suspended
 * screen keeps its loading fallback until the app reloads; without one it rejects with the error
 * ({@link ChunkLoadTimeoutError} for a time-out).
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  current: ChunkLoadPolicy = policy,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (current.onError) current.onError(error);
      else reject(error);
    };
    const timer =
      current.timeoutMs === null
        ? undefined
        : setTimeout(() => {
            fail(new ChunkLoadTimeoutError(current.timeoutMs ?? 0));
          }, current.timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Options of {@link lazyChunk}. */
export interface LazyChunkOptions {
  /**
   * The component needs nothing but its chunk: it does not wait for the policy's `alongside` load
   * (the login page, which must not fetch every screen's translations; issue 7).
   */
  readonly alone?: boolean;
  /**
   * What else the component needs loaded before it renders, under the same time-out and error rule:
   * its part of the store, e.g. `epicsLoader(() => import('./contactsEpics').then((m) => m.contactsEpics))`
   * (src/store/epicRegistry.ts), which the page's own chunk does not import.
   */
  readonly needs?: () => Promise<unknown>;
}

/**
 * `React.lazy` over {@link loadChunk}: a page or panel in its own chunk, e.g.
 * `lazyChunk(() => import('./pages/LoginPage').then((m) => m.LoginPage))`. It renders once both its
 * chunk, its `needs` and the policy's `alongside` load (read when it first renders) are in; with
 * `alone`, without the `alongside` load.
 */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyChunkOptions = {},
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const alongside = options.alone === true ? undefined : policy.alongside;
    const extra = [options.needs, alongside].filter((loader) => loader !== undefined);
    const loadAll =
      extra.length === 0
        ? load
        : () =>
            Promise.all([load(), ...extra.map((loader) => loader())]).then(
              ([component]) => component,
            );
    return loadChunk(loadAll).then((component) => ({ default: component }));
  });
}
