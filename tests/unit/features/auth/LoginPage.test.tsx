// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { LoginPage } from '../../../../src/features/auth/pages/LoginPage';
import { signInFailed, signInRequested } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

/** The login page with a fresh store; sign-in requests are kept, not sent to the identity service. */
function renderLogin() {
  const store = createAppStore({ dependencies: testDependencies() });
  const signIns: UnknownAction[] = [];
  const dispatch = store.dispatch;
  vi.spyOn(store, 'dispatch').mockImplementation(((action: UnknownAction) => {
    if (signInRequested.match(action)) {
      signIns.push(action);
      return action;
    }
    return dispatch(action);
  }) as typeof store.dispatch);
  renderRoutesAt(store, [{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
  return { signIns, store, user: userEvent.setup() };
}

describe('LoginPage (two fields, validated without a form library)', () => {
  it('explains each empty field on submit, focuses the first, and sends nothing', async () => {
    const { signIns, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('E-mail');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Required');
    expect(password).toHaveAccessibleDescription('Required');
    expect(email).toHaveFocus();
    expect(signIns).toEqual([]);
  });

  it('after a submit, checks each field again as it changes', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    // Before the first submit a field is not judged while typing.
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await user.clear(email);
    await user.type(email, 'kari@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('signs in with the trimmed e-mail and the password as typed', async () => {
    const { signIns, user } = renderLogin();
    await user.type(screen.getByLabelText('E-mail'), '  kari@example.com ');
    await user.type(screen.getByLabelText('Password'), ' Secret#123 ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(signIns).toEqual([
      signInRequested({ email: 'kari@example.com', password: ' Secret#123 ' }),
    ]);
  });

  it('drops the last attempt’s refusal once a new submit fails the form’s own checks', async () => {
    const { user, store } = renderLogin();
    act(() => {
      store.dispatch(
        signInFailed({
          code: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        }),
      );
    });
    expect(screen.getByText('The e-mail or password is wrong.')).toBeVisible();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.queryByText('The e-mail or password is wrong.')).toBeNull();
  });
});
