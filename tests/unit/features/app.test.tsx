// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../../src/api/runtimeConfig';
import { initI18n } from '../../../src/app/i18n';
import { createStorage } from '../../../src/streams/storage';
import { registerMswServer } from '../support/mswServer';
import { renderAppAt } from '../support/renderApp';

const config: RuntimeConfig = {
  identity: null,
  authApiBase: 'http://localhost/authapi',
  centralHost: 'http://localhost/central',
  mapStyle: null,
  buildTimestamp: 1,
  environment: 'local',
  links: {
    contactUs: 'https://x.example/contact',
    help: 'https://x.example/help',
    findOutMore: 'https://x.example/more',
    shop: 'https://x.example/shop',
  },
};

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

describe('App', () => {
  it('loads /config.json, then shows home with the configured links', async () => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
    renderAppAt('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Someone is always watching out for you',
    );
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', config.links.help);
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link', { name: 'Shop' })[0]).not.toHaveAttribute('target');
    await waitFor(() => {
      expect(document.title).toBe('Home · Lifeline');
    });
  });

  it('opens Contact us in a new tab from the app (spec §2 /contactus)', async () => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
    renderAppAt('/');
    const contact = await screen.findByRole('link', { name: 'Contact us' });
    expect(contact).toHaveAttribute('href', config.links.contactUs);
    expect(contact).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['/contactus', config.links.contactUs],
    ['/findoutmore', config.links.findOutMore],
  ])('sends a direct visit of %s to the configured site (spec §2)', async (path, href) => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
    renderAppAt(path);
    expect(await screen.findByText('Taking you there…')).toBeVisible();
    expect(screen.getByRole('link', { name: href })).toHaveAttribute('href', href);
  });

  it('sends /auth to the login page (spec §2)', async () => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
    renderAppAt('/auth');
    await waitFor(() => {
      expect(window.location.pathname).toBe('/auth/login');
    });
  });

  it('shows page-not-found for a path no route claims', async () => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
    renderAppAt('/member/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('shows the network error when /config.json cannot load, and retries on request', async () => {
    let calls = 0;
    server.use(
      http.get('http://localhost/config.json', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(config);
      }),
    );
    renderAppAt('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection');
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Someone is always watching out for you',
    );
    expect(calls).toBe(2);
  });

  it('treats a config off the contract as a failure', async () => {
    server.use(http.get('http://localhost/config.json', () => HttpResponse.json({ identity: 5 })));
    renderAppAt('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection');
  });
});
