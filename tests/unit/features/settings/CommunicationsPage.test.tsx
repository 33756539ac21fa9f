// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../../src/api/entities/communication';
import { CommunicationsPage } from '../../../../src/features/settings/communications/CommunicationsPage';
import { createStorage } from '../../../../src/streams/storage';
import { renderSettings } from './renderSettings';
import { API, NOW, testWearer } from './settingsTestKit';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function serve(respond: () => Response = () => HttpResponse.json({ Success: true })) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/member-wearer-update-communication-options`, async ({ request }) => {
      sent.push(await request.json());
      return respond();
    }),
    http.get(`${API}/load-member-wearer`, () => HttpResponse.json(testWearer)),
  );
  return sent;
}

const toggle = (name: string) => screen.getByRole('switch', { name });

describe('CommunicationsPage', () => {
  it('shows the nine options and the marketing opt-in as switches in their three groups', () => {
    renderSettings(<CommunicationsPage />);
    const switchesIn = (name: string) =>
      within(screen.getByRole('group', { name })).getAllByRole('switch');
    expect(switchesIn('Watch broadcasts')).toHaveLength(1);
    expect(switchesIn('Watch notifications')).toHaveLength(6);
    expect(switchesIn('E-mails')).toHaveLength(3);
    expect(toggle('Broadcast my emergency alerts to nearby users')).toBeChecked();
    expect(toggle('Shark alerts')).not.toBeChecked();
    expect(toggle('Wind reports')).toBeChecked();
    expect(toggle('News and offers')).not.toBeChecked();
    expect(toggle('Product usage summary')).toBeChecked();
  });

  it('saves the switches, the marketing opt-in as the time it was switched on', async () => {
    const sent = serve();
    renderSettings(<CommunicationsPage />);
    const user = userEvent.setup();
    await user.click(toggle('Shark alerts'));
    await user.click(toggle('Weather forecasts'));
    await user.click(toggle('News and offers'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => sent)
      .toEqual([
        {
          CommunicationOptions: { ...DEFAULT_COMMUNICATION_OPTIONS, NotifyWeatherForecast: false },
          MarketingOptInTimestamp: NOW,
        },
      ]);
  });

  it("shows 'Set Member communications Error' with the detail when the save fails", async () => {
    serve(() => HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'db down' }, { status: 500 }));
    renderSettings(<CommunicationsPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Set Member communications Error');
    expect(within(alert).getByText(/Something went wrong on the server\. Try again/)).toBeVisible();
    expect(alert).not.toHaveTextContent(/db down|HTTP 500/);
  });

  it('explains a save that got no answer in words, not as the client’s error text', async () => {
    serve(() => HttpResponse.error());
    renderSettings(<CommunicationsPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Set Member communications ErrorLifeline could not reach its server. Check your connection and try again.',
    );
  });
});
