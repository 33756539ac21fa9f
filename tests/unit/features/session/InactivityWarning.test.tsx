// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { InactivityWarning } from '../../../../src/features/session';
import {
  inactivityCountdownTicked,
  inactivityWarningDismissed,
  selectInactivityWarning,
  userActivityRecorded,
} from '../../../../src/store/session/inactivitySlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { testDependencies } from '../../store/testDependencies';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function renderWarning() {
  const store = createAppStore({ dependencies: testDependencies() });
  const dispatch = vi.spyOn(store, 'dispatch');
  render(
    <Provider store={store}>
      <button type="button">Elsewhere</button>
      <InactivityWarning />
    </Provider>,
  );
  const tick = (remainingMs: number) => {
    act(() => {
      store.dispatch(inactivityCountdownTicked({ remainingMs }));
    });
  };
  return { store, dispatch, tick };
}

describe('InactivityWarning', () => {
  it('shows nothing until under 60 s remain', () => {
    const { tick } = renderWarning();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    tick(60_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    tick(55_000);
    expect(
      screen.getByRole('alertdialog', { name: 'You will be logged out in 55 s' }),
    ).toBeVisible();
  });

  it('counts down in whole seconds, announced politely', () => {
    const { tick } = renderWarning();
    tick(55_000);
    tick(49_500);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('You will be logged out in 50 s');
    const message = screen.getByText('You will be logged out in 50 s');
    expect(message).toHaveAttribute('aria-live', 'polite');
  });

  it('moves focus to "Stay logged in" and back when the warning ends', () => {
    const { store, tick } = renderWarning();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    tick(30_000);
    expect(screen.getByRole('button', { name: 'Stay logged in' })).toHaveFocus();
    act(() => {
      store.dispatch(userActivityRecorded(1_000));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(elsewhere).toHaveFocus();
  });

  it('"Stay logged in" dismisses the warning', async () => {
    const { store, dispatch, tick } = renderWarning();
    tick(10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(dispatch).toHaveBeenLastCalledWith(inactivityWarningDismissed());
    expect(selectInactivityWarning(store.getState())).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers to the keyboard, as its button has focus', async () => {
    const { dispatch, tick } = renderWarning();
    tick(10_000);
    await userEvent.keyboard('{Enter}');
    expect(dispatch).toHaveBeenLastCalledWith(inactivityWarningDismissed());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
