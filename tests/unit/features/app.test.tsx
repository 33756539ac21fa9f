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
