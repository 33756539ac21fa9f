// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { selectAllDevices } from '../../../../src/store/entities/devicesSlice';
import { createStorage } from '../../../../src/streams/storage';
import { API, devicesStore, phone, watch } from './devicesTestKit';
import { renderDevicesAt } from './renderDevices';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('/member/devices (app §2; policy §2, §4)', () => {
  it('lists each device with its nickname, type, IMEI and registration date', async () => {
    const { store } = devicesStore({ devices: [watch, phone] });
    renderDevicesAt(store, '/member/devices');
    const blue = await screen.findByRole('article', { name: 'Blue watch' });
    expect(blue).toHaveTextContent('mSafety watch');
    expect(blue).toHaveTextContent('359999000000042');
    // In the member's date format, as every other date (was the browser's own medium date).
    expect(blue).toHaveTextContent('Registered2025-03-03');
    expect(card('Pixel')).toHaveTextContent('Smartphone app');
    expect(card('Pixel')).not.toHaveTextContent('Registered');
    expect(screen.getByRole('link', { name: 'Activate another device' })).toHaveAttribute(
      'href',
      '/member/activate-device',
    );
  });

  it('shows an empty state linking to the activation', async () => {
    const { store } = devicesStore({ devices: [] });
    renderDevicesAt(store, '/member/devices');
    expect(await screen.findByText('You have no device yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Activate a device' })).toHaveAttribute(
      'href',
      '/member/activate-device',
    );
  });

  it('offers a retry when the devices could not be loaded', async () => {
    server.use(http.get(`${API}/devices`, () => HttpResponse.json({ MemberDevices: [watch] })));
    const { store } = devicesStore({ devices: null });
    store.dispatch({ type: 'devices/devicesLoadFailed' });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your devices could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Blue watch' })).toBeVisible();
  });

  it('saves an edited nickname', async () => {
    const sent: { DeviceNickname?: string }[] = [];
    server.use(
      http.post(`${API}/save-device`, async ({ request }) => {
        const body = (await request.json()) as { DeviceNickname: string };
        sent.push(body);
        return HttpResponse.json({ ...watch, DeviceNickname: body.DeviceNickname });
      }),
    );
    const { store } = devicesStore({ devices: [watch] });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    await user.click(
      within(await screen.findByRole('article', { name: 'Blue watch' })).getByRole('button', {
        name: 'Edit nickname',
      }),
    );
    const field = screen.getByLabelText('Nickname');
    expect(field).toHaveValue('Blue watch');
    await user.clear(field);
    await user.type(field, 'Red_watch 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Red_watch 2' })).toBeVisible();
    expect(screen.queryByLabelText('Nickname')).toBeNull();
    expect(sent.map((body) => body.DeviceNickname)).toEqual(['Red_watch 2']);
  });

  it.each([
    ['Red watch!', 'Only letters, digits, spaces and underscores are allowed'],
    ['A'.repeat(21), 'Cannot be longer than 20 characters'],
  ])('refuses the nickname %j with "%s" and sends nothing', async (nickname, message) => {
    let calls = 0;
    server.use(
      http.post(`${API}/save-device`, () => {
        calls += 1;
        return HttpResponse.json(watch);
      }),
    );
    const { store } = devicesStore({ devices: [watch] });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    await user.click(await screen.findByRole('button', { name: 'Edit nickname' }));
    await user.clear(screen.getByLabelText('Nickname'));
    await user.type(screen.getByLabelText('Nickname'), nickname);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription(
      expect.stringContaining(message) as string,
    );
    expect(calls).toBe(0);
  });

  it('explains the device rules before removing, and removes on confirmation', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/remove-device`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ MemberDevices: [phone] });
      }),
    );
    const { store } = devicesStore({ devices: [watch, phone] });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    await user.click(
      within(await screen.findByRole('article', { name: 'Blue watch' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Blue watch?' });
    expect(dialog).toHaveAccessibleDescription(
      'The device is released for another user up to 30 minutes after it is next turned on. Its subscription does not transfer to another device or user.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep device' })).toHaveFocus();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await until(() => selectAllDevices(store.getState()).length === 1);
    expect(sent).toEqual([{ DeviceID: watch.DeviceID }]);
    expect(screen.queryByRole('article', { name: 'Blue watch' })).toBeNull();
  });

  it('keeps the device and shows the error when removal fails', async () => {
    server.use(
      http.post(`${API}/remove-device`, () =>
        HttpResponse.json({ MemberDevices: [], Error: { ErrorCode: 'UNKNOWN', Message: 'x' } }),
      ),
    );
    const { store } = devicesStore({ devices: [watch] });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The device could not be removed. Please try again or contact support.',
    );
    expect(card('Blue watch')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep device' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a phone its tracker setup: server URL, hidden secret key, copy buttons', async () => {
    const { store } = devicesStore({ devices: [watch, phone] });
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/devices');
    const pixel = await screen.findByRole('article', { name: 'Pixel' });
    const setup = within(pixel).getByRole('region', { name: 'Set up your phone as a tracker' });
    expect(setup).toHaveTextContent('Traccar Client');
    expect(setup).toHaveTextContent('http://localhost/ingest/osmand');
    expect(setup).toHaveTextContent('Keep this key secret');
    expect(setup).not.toHaveTextContent(phone.IngestKey ?? '');
    await user.click(within(setup).getByRole('button', { name: 'Show key' }));
    expect(setup).toHaveTextContent(phone.IngestKey ?? '');
    await user.click(within(setup).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(phone.IngestKey);
    expect(within(setup).getByText('Copied')).toBeVisible();
    await user.click(within(setup).getByRole('button', { name: 'Copy server URL' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/ingest/osmand');
    expect(
      within(card('Blue watch')).queryByRole('region', { name: 'Set up your phone as a tracker' }),
    ).toBeNull();
  });
});
