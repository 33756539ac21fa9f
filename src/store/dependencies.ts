import type { RuntimeConfig } from '../api/runtimeConfig';
import type { KeyValueStorage } from '../streams/storage';

/**
 * Everything the epics reach outside the store, injected through
 * `createEpicMiddleware({ dependencies })` so tests substitute fakes and run epics in virtual time.
 * Later issues add the API clients, the socket factory, the identity client and the scheduler.
 */
export interface StoreDependencies {
  /** Loads and validates `/config.json`. */
  readonly loadRuntimeConfig: () => Promise<RuntimeConfig>;
  /** This browser's key-value storage (preferences). */
  readonly storage: KeyValueStorage;
}
