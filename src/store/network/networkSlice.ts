import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { NETWORK_RETRY_DELAY_MAX_MS, NETWORK_RETRY_DELAY_MS } from '../timing';

/** The network-error screen (spec application-behaviour §2 /error/network-error). */
export const NETWORK_ERROR_PATH = '/error/network-error';

/**
 * The app's view of its network (issue 6 item 4; spec application-behaviour §2, §8; policy §8
 * "Network error with automatic retry countdown and a retry-now action"):
 * - `online`: the browser's `navigator.onLine`, as the last `onlineChanged` said (true until told);
 * - `status`: `error` from an outage (network down, no socket), an API request that got no answer, or
 *   the network-error screen being shown, until a retry finds the network back; else `ok`;
 * - `retryAt`: when the next automatic retry runs (epoch ms), null when none is scheduled;
 * - `attempt`: failed retries since the error began (0 at first), which sets the next wait
 *   ({@link networkRetryDelayMs});
 * - `returnPath`: where the user was when the app moved to the network-error screen (a pathname),
 *   to go back to once the network is back; null when the app did not move.
 */
export interface NetworkState {
  readonly online: boolean;
  readonly status: 'ok' | 'error';
  readonly retryAt: number | null;
  readonly attempt: number;
  readonly returnPath: string | null;
}

/** Any state holding the network slice (the root state once it is registered). */
export interface NetworkSliceState {
  readonly network: NetworkState;
}

const initialState: NetworkState = {
  online: true,
  status: 'ok',
  retryAt: null,
  attempt: 0,
  returnPath: null,
};

/** Case reducer: enter the error state (a first error starts from attempt 0; later ones keep it). */
function enterError(state: Draft<NetworkState>, returnPath: string | null): void {
  if (state.status === 'ok') {
    state.status = 'error';
    state.attempt = 0;
    state.retryAt = null;
    state.returnPath = returnPath;
  } else {
    state.returnPath ??= returnPath;
  }
}

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    /** The browser went online (true) or offline (false) (src/streams/online.ts). */
    onlineChanged: (state, action: PayloadAction<boolean>) => {
      state.online = action.payload;
    },
    /**
     * The network is down and the socket not connected: the app moved from `returnPath` to the
     * network-error screen (null when it was there already). Spec §2, §8.
     */
    networkLost: (state, action: PayloadAction<{ readonly returnPath: string | null }>) => {
      enterError(state, action.payload.returnPath);
    },
    /**
     * An API request got no HTTP answer (offline, DNS, connection refused): spec §8 "Any API error
     * marks a network-error state". `url` is the request's origin and path. The app stays where it is.
     */
    apiRequestFailed: (state, _action: PayloadAction<{ readonly url: string }>) => {
      enterError(state, null);
    },
    /** The network-error screen is shown (opened by the app or at its address): it counts down. */
    networkErrorPageOpened: (state) => {
      enterError(state, null);
    },
    /** The next automatic retry runs at `retryAt` (epoch ms). */
    networkRetryScheduled: (state, action: PayloadAction<{ readonly retryAt: number }>) => {
      state.retryAt = action.payload.retryAt;
    },
    /** Retry now (the network-error screen's button): the retry runs at once. */
    networkRetryRequested: (state) => state,
    /** A retry found the network still down (offline, or the socket not back). */
    networkRetryFailed: (state) => {
      state.attempt += 1;
      state.retryAt = null;
    },
    /** A retry found the browser online and the socket back (or none expected): errors end. */
    networkRestored: (state) => ({ ...initialState, online: state.online }),
  },
});

export const {
  onlineChanged,
  networkLost,
  apiRequestFailed,
  networkErrorPageOpened,
  networkRetryScheduled,
  networkRetryRequested,
  networkRetryFailed,
  networkRestored,
} = networkSlice.actions;

/**
 * The wait before the automatic retry that follows `attempt` failed retries, ms: 10 s, then 10 s
 * longer after each failure, at most 60 s ({@link NETWORK_RETRY_DELAY_MS},
 * {@link NETWORK_RETRY_DELAY_MAX_MS}; a design decision, the spec gives no interval).
 */
export function networkRetryDelayMs(attempt: number): number {
  return Math.min(NETWORK_RETRY_DELAY_MS * (attempt + 1), NETWORK_RETRY_DELAY_MAX_MS);
}

/** The network slice. */
export const selectNetwork = (state: NetworkSliceState): NetworkState => state.network;
/** Whether the app is in the network-error state. */
export const selectNetworkError = (state: NetworkSliceState): boolean =>
  state.network.status === 'error';
/** When the next automatic retry runs (epoch ms), null when none is scheduled. */
export const selectNetworkRetryAt = (state: NetworkSliceState): number | null =>
  state.network.retryAt;
