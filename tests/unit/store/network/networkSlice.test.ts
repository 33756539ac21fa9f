import { describe, expect, it } from 'vitest';
import {
  apiRequestFailed,
  networkErrorPageOpened,
  networkLost,
  networkRestored,
  networkRetryDelayMs,
  networkRetryFailed,
  networkRetryScheduled,
  networkSlice,
  onlineChanged,
  selectNetworkError,
  selectNetworkRetryAt,
} from '../../../../src/store/network/networkSlice';

const reduce = networkSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('network slice', () => {
  it('starts online and ok', () => {
    expect(initial).toEqual({
      online: true,
      status: 'ok',
      retryAt: null,
      attempt: 0,
      returnPath: null,
    });
  });

  it('network -> networkLost enters the error state with the return path', () => {
    const lost = reduce(initial, networkLost({ returnPath: '/dashboard' }));
    expect(lost).toMatchObject({ status: 'error', attempt: 0, returnPath: '/dashboard' });
    expect(selectNetworkError({ network: lost })).toBe(true);
  });

  it('network -> a second error keeps the countdown and fills a missing return path only', () => {
    const marked = reduce(
      reduce(reduce(initial, apiRequestFailed({ url: 'x' })), networkRetryFailed()),
      networkRetryScheduled({ retryAt: 5 }),
    );
    expect(marked).toMatchObject({ status: 'error', attempt: 1, retryAt: 5, returnPath: null });
    const lost = reduce(marked, networkLost({ returnPath: '/a' }));
    expect(lost).toMatchObject({ attempt: 1, retryAt: 5, returnPath: '/a' });
    expect(reduce(lost, networkLost({ returnPath: '/b' })).returnPath).toBe('/a');
    expect(reduce(lost, networkErrorPageOpened())).toEqual(lost);
  });

  it('network -> networkRetryScheduled / networkRetryFailed / networkRestored', () => {
    const scheduled = reduce(
      reduce(initial, networkErrorPageOpened()),
      networkRetryScheduled({ retryAt: 10_000 }),
    );
    expect(selectNetworkRetryAt({ network: scheduled })).toBe(10_000);
    const failed = reduce(scheduled, networkRetryFailed());
    expect(failed).toMatchObject({ attempt: 1, retryAt: null, status: 'error' });
    const offline = reduce(failed, onlineChanged(false));
    expect(reduce(offline, networkRestored())).toEqual({ ...initial, online: false });
  });

  it('waits 10 s, then 10 s more after each failed retry, at most 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(networkRetryDelayMs)).toEqual([
      10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 60_000, 60_000,
    ]);
  });
});
