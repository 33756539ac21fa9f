// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { ServicesProvidedPage } from '../../../../src/features/settings/services/ServicesProvidedPage';
import { createStorage } from '../../../../src/streams/storage';
import { renderSettings } from './renderSettings';
import { API, testWearer } from './settingsTestKit';
import { testClient } from '../../store/testDependencies';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const section = (name: string) => screen.getByRole('region', { name });

describe('ServicesProvidedPage', () => {
  it("shows the client's services with its support e-mail and localised support site", () => {
    renderSettings(<ServicesProvidedPage area="member" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Services provided');
    const client = section('Your service provider');
    expect(client).toHaveTextContent('Fjord Safety provides your service and its support.');
    expect(screen.getByRole('link', { name: 'help@fjord.example' })).toHaveAttribute(
      'href',
      'mailto:help@fjord.example',
    );
    expect(screen.getByRole('link', { name: 'Support website' })).toHaveAttribute(
      'href',
      'https://fjord.example/en/support',
    );
  });

  it('explains contacts, rescue partners and product services', () => {
    renderSettings(<ServicesProvidedPage area="member" />);
    expect(section('Emergency contacts')).toHaveTextContent('the emergency contacts you chose');
    expect(screen.getByRole('link', { name: 'Manage your emergency contacts' })).toHaveAttribute(
      'href',
      '/member/contacts',
    );
    const rescue = section('Rescue services');
    expect(rescue).toHaveTextContent(
      'Partner rescue organisations: Germany, Denmark, Netherlands, Norway.',
    );
    expect(rescue).toHaveTextContent('Your account is registered in Norway, which has a partner');
    expect(section('Product services')).toHaveTextContent('Free trial: 1 month');
  });

  it('says when the account country has no partner rescue organisation', () => {
    renderSettings(<ServicesProvidedPage area="member" />, {
      wearer: { ...testWearer, CountryCode: 'SE' },
    });
    expect(section('Rescue services')).toHaveTextContent(
      'Your account is registered in Sweden, which has no partner rescue organisation',
    );
  });

  it('in the auth area, continues to a safe returnTo only', async () => {
    renderSettings(<ServicesProvidedPage area="auth" />, {
      path: '/auth/services-provided?returnTo=%2Fauth%2Flogin-contacts',
    });
    expect(screen.queryByRole('link', { name: 'Manage your emergency contacts' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Elsewhere: /auth/login-contacts')).toBeVisible();
  });

  it('never continues to another site', () => {
    renderSettings(<ServicesProvidedPage area="auth" />, {
      path: '/auth/services-provided?returnTo=https%3A%2F%2Fevil.example',
    });
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('loads the client when it is missing, with a retry after a failure', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/load-member-client`, () =>
        fail
          ? HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'x' }, { status: 500 })
          : HttpResponse.json(testClient),
      ),
    );
    renderSettings(<ServicesProvidedPage area="member" />, { client: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The details of your service provider could not be loaded',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Fjord Safety provides your service and its support.'),
    ).toBeVisible();
  });
});
