// @vitest-environment jsdom
import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { NetworkErrorPage } from '../../../../src/features/errors/NetworkErrorPage';
import {
  networkRetryScheduled,
  networkSlice,
  type NetworkState,
} from '../../../../src/store/network/networkSlice';
import { createStorage } from '../../../../src/streams/storage';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Renders the page with a store of the network slice (no epics); records the dispatched types. */
function renderPage(network: Partial<NetworkState> = {}) {
  const dispatched: string[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    dispatched.push((action as Action).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { network: networkSlice.reducer },
    preloadedState: { network: { ...networkSlice.getInitialState(), ...network } },
    middleware: (getDefault) => getDefault().concat(recorder),
  });
  render(
    <Provider store={store}>
      <NetworkErrorPage />
    </Provider>,
  );
  return { store, dispatched };
}

const timer = () => screen.getByRole('timer');

describe('NetworkErrorPage (policy §8: retry countdown and retry now)', () => {
  it('puts the store in the network-error state when shown', () => {
    const { store, dispatched } = renderPage();
    expect(dispatched).toEqual(['network/networkErrorPageOpened']);
    expect(store.getState().network.status).toBe('error');
    expect(screen.getByRole('alert')).toHaveTextContent('No connection');
    expect(timer()).toHaveTextContent('Trying again…');
  });

  it('counts the seconds down to the next retry, each second', () => {
    renderPage({ status: 'error', retryAt: Date.now() + 10_000 });
    expect(timer()).toHaveTextContent('Trying again in 10 seconds');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer()).toHaveTextContent('Trying again in 9 seconds');
    act(() => {
      vi.advanceTimersByTime(8_000);
    });
    expect(timer()).toHaveTextContent('Trying again in 1 second');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer()).toHaveTextContent('Trying again…');
  });

  it('restarts the count when the next retry is scheduled', () => {
    const { store } = renderPage({ status: 'error', retryAt: Date.now() + 2_000 });
    act(() => {
      vi.advanceTimersByTime(2_000);
      store.dispatch(networkRetryScheduled({ retryAt: Date.now() + 20_000 }));
    });
    expect(timer()).toHaveTextContent('Trying again in 20 seconds');
  });

  it('asks for a retry now', () => {
    const { dispatched } = renderPage({ status: 'error', retryAt: Date.now() + 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(dispatched).toEqual(['network/networkErrorPageOpened', 'network/networkRetryRequested']);
  });
});
