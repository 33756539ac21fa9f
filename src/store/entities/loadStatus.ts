/**
 * Where a server collection held in the store stands: never asked for, loading, loaded (the entities
 * are the server's), or the last load failed (what was loaded before is kept).
 */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The load bookkeeping every server collection in the store carries. */
export interface Loadable {
  readonly status: LoadStatus;
  /** True once the server's data arrived at least once (a reload keeps the previous data shown). */
  readonly received: boolean;
}

/** A collection that was never loaded. */
export const NOT_LOADED: Loadable = { status: 'idle', received: false };

/** Case reducer: a load (or reload) of the collection started. */
export function loadRequested(state: { status: LoadStatus }): void {
  state.status = 'loading';
}

/** Case reducer: the load failed; what was loaded before is kept. */
export function loadFailed(state: { status: LoadStatus }): void {
  state.status = 'failed';
}
