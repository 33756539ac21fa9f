// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityType } from '../../../../src/api/enums';
import { ActivityTypesPage } from '../../../../src/features/settings/activityTypes/ActivityTypesPage';
import { wearerLoadFailed } from '../../../../src/store/entities/wearerSlice';
import { createStorage } from '../../../../src/streams/storage';
import { renderSettings } from './renderSettings';
import { API, testWearer } from './settingsTestKit';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function serve() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/activity-types`, async ({ request }) => {
      const body = (await request.json()) as { ActivityTypes: ActivityType[] };
      sent.push(body);
      return HttpResponse.json({ ...testWearer, ActivityTypes: body.ActivityTypes });
    }),
  );
  return sent;
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('ActivityTypesPage', () => {
  it('has an English name for every activity type', () => {
    for (const type of ActivityType.options) {
      expect(i18next.exists(`Settings.ActivityTypes.${type}`), type).toBe(true);
    }
  });

  it("pre-selects the wearer's favourites and offers the recreational types", () => {
    renderSettings(<ActivityTypesPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My activity types');
    expect(box('Hiking')).toBeChecked();
    expect(box('Sailing')).toBeChecked();
    expect(box('Kayaking')).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(28);
    expect(screen.queryByRole('checkbox', { name: 'Shift' })).toBeNull();
    expect(screen.getByText('2 of at most 9 chosen')).toBeVisible();
    expect(
      screen.getByText('Your watch picks up a change within an hour of being switched on.'),
    ).toBeVisible();
  });

  it('saves the chosen favourites and says the watch picks them up', async () => {
    const sent = serve();
    const { store } = renderSettings(<ActivityTypesPage />);
    const user = userEvent.setup();
    await user.click(box('Sailing'));
    await user.click(box('Kayaking'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toEqual([{ ActivityTypes: ['HIKING', 'KAYAKING'] }]);
    await expect
      .poll(() => store.getState().wearer.wearer?.ActivityTypes)
      .toEqual(['HIKING', 'KAYAKING']);
    expect(Object.values(store.getState().notifications.entities)).toMatchObject([
      { tone: 'success', key: 'Settings.Favourites.Saved' },
    ]);
  });

  it('lets no tenth favourite be ticked, and says why', async () => {
    renderSettings(<ActivityTypesPage />);
    const user = userEvent.setup();
    for (const name of ['Boating', 'Canoeing', 'Climbing', 'Cycling', 'Fishing', 'Rowing', 'SUP']) {
      await user.click(box(name));
    }
    expect(screen.getByText('9 of at most 9 chosen')).toBeVisible();
    const reason = screen.getByText('Select at most 9 favourites');
    expect(box('Running')).toBeDisabled();
    expect(box('Running')).toHaveAccessibleDescription('Select at most 9 favourites');
    expect(reason).toBeVisible();
    expect(box('Hiking')).toBeEnabled();
    await user.click(box('Hiking'));
    expect(box('Running')).toBeEnabled();
    expect(screen.queryByText('Select at most 9 favourites')).toBeNull();
  });

  it('refuses to save no favourite at all and sends nothing', async () => {
    const sent = serve();
    renderSettings(<ActivityTypesPage />);
    const user = userEvent.setup();
    await user.click(box('Hiking'));
    await user.click(box('Sailing'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Select at least 1 activity type');
    expect(sent).toEqual([]);
  });

  it('as the last registration step, saves and goes on to the dashboard', async () => {
    const sent = serve();
    const { navigator } = renderSettings(<ActivityTypesPage registration />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your activity types');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));
    await expect.poll(() => navigator.paths).toEqual(['/member?registrationComplete=true']);
    expect(sent).toEqual([{ ActivityTypes: ['HIKING', 'SAILING'] }]);
  });

  it('waits for the wearer, and offers a retry when it failed to load', async () => {
    let loads = 0;
    server.use(
      http.get(`${API}/load-member-wearer`, () => {
        loads += 1;
        return HttpResponse.json(testWearer);
      }),
    );
    const { store } = renderSettings(<ActivityTypesPage />, { wearer: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    act(() => {
      store.dispatch(wearerLoadFailed());
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your details could not be loaded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Hiking' })).toBeChecked();
    expect(loads).toBe(1);
  });

  it('shows a failed save with its detail', async () => {
    server.use(
      http.post(`${API}/activity-types`, () =>
        HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'kaput' }, { status: 500 }),
      ),
    );
    renderSettings(<ActivityTypesPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your favourite activity types could not be saved');
    // Translated, not the server's English or the call's name.
    expect(within(alert).getByText(/Something went wrong on the server\. Try again/)).toBeVisible();
    expect(alert).not.toHaveTextContent(/kaput|HTTP 500/);
  });
});
