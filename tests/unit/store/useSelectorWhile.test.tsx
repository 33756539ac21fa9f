// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { rootReducer, type RootState } from '../../../src/store/rootReducer';
import { sessionAbsent } from '../../../src/store/session/sessionSlice';
import { useSelectorWhile } from '../../../src/store/useSelectorWhile';

const selectStatus = (state: RootState) => state.session.status;
const same = (a: string, b: string) => a === b;

function Status({ name, active }: { name: string; active: boolean }) {
  const status = useSelectorWhile(active, selectStatus, same);
  return <p data-testid={name}>{status}</p>;
}

const shown = (name: string) => screen.getByTestId(name).textContent;

describe('useSelectorWhile (src/store/useSelectorWhile.ts)', () => {
  it('follows the store while active and stands still while not', () => {
    const store = configureStore({ reducer: rootReducer });
    render(
      <Provider store={store}>
        <Status name="on" active />
        <Status name="off" active={false} />
      </Provider>,
    );
    act(() => {
      store.dispatch(sessionAbsent());
    });
    expect(shown('on')).toBe('signedOut');
    expect(shown('off')).toBe('unknown');
  });

  it('becoming active renders what the store holds now', () => {
    const store = configureStore({ reducer: rootReducer });
    const view = render(
      <Provider store={store}>
        <Status name="card" active={false} />
      </Provider>,
    );
    act(() => {
      store.dispatch(sessionAbsent());
    });
    expect(shown('card')).toBe('unknown');
    view.rerender(
      <Provider store={store}>
        <Status name="card" active />
      </Provider>,
    );
    expect(shown('card')).toBe('signedOut');
  });
});
