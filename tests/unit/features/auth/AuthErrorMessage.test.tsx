// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { EMAIL_NOT_AVAILABLE } from '../../../../src/features/auth/authErrors';
import { AuthErrorMessage } from '../../../../src/features/auth/components/AuthErrorMessage';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies, testRuntimeConfig } from '../../store/testDependencies';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function renderMessage(supportHref?: string) {
  const store = createAppStore({ dependencies: testDependencies() });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  renderRoutesAt(
    store,
    [
      {
        path: '/auth/create-account',
        element: <AuthErrorMessage view={EMAIL_NOT_AVAILABLE} supportHref={supportHref} />,
      },
    ],
    '/auth/create-account',
  );
}

describe('AuthErrorMessage’s actions (spec §8 "Email already registered")', () => {
  it('offers log in, password reset and the deployment’s contact page to a visitor', () => {
    renderMessage();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists.',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      testRuntimeConfig.links.contactUs,
    );
  });

  it('links to the member’s client’s support when it is given', () => {
    renderMessage('mailto:help@client.example');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:help@client.example',
    );
  });
});
