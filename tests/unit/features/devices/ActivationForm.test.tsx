// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { PENDING_ACTIVATION_STORAGE_KEY } from '../../../../src/features/devices/pendingActivation';
import { selectNotifications } from '../../../../src/store/notifications/notificationsSlice';
import { createStorage } from '../../../../src/streams/storage';
import { API, NOW, devicesStore, watch } from './devicesTestKit';
import { renderDevicesAt } from './renderDevices';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const IMEI = '359999000000042';
const CODE = '745536';

/** Answers activate-device with `answer` and GET devices with [watch]; records what was sent. */
function serve(
  answer: () => Response = () => HttpResponse.json({ AtlasDeviceID: 'a', DeviceID: 11 }),
) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/activate-device`, async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
    http.get(`${API}/devices`, () => HttpResponse.json({ MemberDevices: [watch] })),
  );
  return sent;
}

interface Entries {
  readonly imei?: string;
  readonly code?: string;
  readonly nickname?: string;
  readonly type?: string | null;
}

async function fill(user: ReturnType<typeof userEvent.setup>, entries: Entries) {
  const { imei = IMEI, code = CODE, nickname = 'Blue watch', type = 'mSafety watch' } = entries;
  const imeiField = await screen.findByLabelText('IMEI');
  await user.clear(imeiField);
  if (imei) await user.type(imeiField, imei);
  await user.clear(screen.getByLabelText('Activation code'));
  if (code) await user.type(screen.getByLabelText('Activation code'), code);
  if (nickname) await user.type(screen.getByLabelText('Nickname'), nickname);
  if (type) await user.selectOptions(screen.getByLabelText('Device type'), type);
}

describe('the activation form (app §5, §7; policy §8)', () => {
  it.each([
    ['IMEI', { imei: '' }, 'Required'],
    ['IMEI', { imei: '35999900000004' }, 'The IMEI has exactly 15 digits'],
    ['IMEI', { imei: '3599990000000AB' }, 'The IMEI has exactly 15 digits'],
    ['IMEI', { imei: '3599990000000421' }, 'The IMEI has exactly 15 digits'],
    ['Activation code', { code: '' }, 'Required'],
    ['Activation code', { code: '74553' }, 'The code has exactly 6 digits'],
    ['Activation code', { code: '74553x' }, 'The code has exactly 6 digits'],
    ['Nickname', { nickname: 'Blue!' }, 'Only letters, digits, spaces and underscores are allowed'],
    ['Nickname', { nickname: 'A'.repeat(21) }, 'Cannot be longer than 20 characters'],
    ['Device type', { type: null }, 'Required'],
  ])('%s %j shows "%s" and sends nothing', async (label, entries, message) => {
    const sent = serve();
    const { store } = devicesStore();
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/activate-device');
    await fill(user, entries);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message) as string,
    );
    expect(sent).toEqual([]);
  });

  it('offers every device type by its translated name', async () => {
    const { store } = devicesStore();
    renderDevicesAt(store, '/member/activate-device');
    const select = await screen.findByLabelText('Device type');
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual([
      'Choose the type of device',
      'mSafety watch',
      'Silver Shield',
      'Smartphone app',
      'Bracelet',
      'EV04 Mini',
      'EV05 Comfort',
      'EV06 Oktave',
      'EV07',
      'Sensor',
    ]);
  });

  it('sends the activation, tells the user and goes to the devices list', async () => {
    const sent = serve();
    const { store } = devicesStore();
    const user = userEvent.setup();
    const { router } = renderDevicesAt(store, '/member/activate-device');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await until(() => router.state.location.pathname === '/member/devices');
    expect(sent).toEqual([
      { Imei: IMEI, Code: CODE, DeviceNickname: 'Blue watch', DeviceType: 'MSAFETY' },
    ]);
    expect(selectNotifications(store.getState())).toMatchObject([{ key: 'Devices.Activated' }]);
  });

  it.each([
    ['DEVICE_TAKEN', 'This device is already registered to another user.'],
    [
      'EXISTING_ACTIVE_SUBSCRIPTION',
      'An account with an active subscription supports only 1 device. Remove the active device first, then try again.',
    ],
    ['PAIRING_ERROR', 'Pairing failed: check that you chose the right device type.'],
    ['SOMETHING_NEW', 'The device could not be activated. Please contact support.'],
  ])('shows the text of %s and keeps what was typed', async (code, text) => {
    serve(() => HttpResponse.json({ Error: { ErrorCode: code, Message: 'server text' } }));
    const { store } = devicesStore();
    const user = userEvent.setup();
    const { router } = renderDevicesAt(store, '/member/activate-device');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('IMEI')).toHaveValue(IMEI);
    expect(screen.getByLabelText('Activation code')).toHaveValue(CODE);
    expect(screen.getByLabelText('Nickname')).toHaveValue('Blue watch');
    expect(screen.getByLabelText('Device type')).toHaveValue('MSAFETY');
    expect(router.state.location.pathname).toBe('/member/activate-device');
  });

  it("offers the client's support e-mail with UNKNOWN", async () => {
    serve(() => HttpResponse.json({ Error: { ErrorCode: 'UNKNOWN', Message: 'x' } }));
    const { store } = devicesStore();
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/activate-device');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const link = await screen.findByRole('link', { name: 'Contact support: help@fjord.example' });
    expect(link).toHaveAttribute('href', 'mailto:help@fjord.example');
  });

  it('shows a field the server rejected (400) under that field', async () => {
    serve(() =>
      HttpResponse.json(
        {
          ErrorCode: 'REQUEST_INVALID',
          Error: 'Invalid request: body.Code: Validations.CodeInvalid',
          Issues: [{ Path: 'body.Code', Message: 'Validations.CodeInvalid' }],
        },
        { status: 400 },
      ),
    );
    const { store } = devicesStore();
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/activate-device');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Please correct invalid values')).toBeVisible();
    expect(screen.getByLabelText('Activation code')).toHaveAccessibleDescription(
      expect.stringContaining('The code has exactly 6 digits') as string,
    );
  });

  it('shows the connection error on a network failure, keeping the entries', async () => {
    serve(() => HttpResponse.error());
    const { store } = devicesStore();
    const user = userEvent.setup();
    renderDevicesAt(store, '/member/activate-device');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check your connection and try again; what you entered is kept.',
    );
    expect(screen.getByLabelText('IMEI')).toHaveValue(IMEI);
  });
});

describe('the activation routes (app §2)', () => {
  it('activate-device-code pre-fills the IMEI and code from the path', async () => {
    const { store, storage } = devicesStore();
    storage.set(
      PENDING_ACTIVATION_STORAGE_KEY,
      JSON.stringify({ imei: '359999000000018', code: '418203', savedAt: NOW }),
    );
    renderDevicesAt(store, `/member/activate-device-code/${IMEI}/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Activate a device' })).toBeVisible();
    expect(screen.getByLabelText('IMEI')).toHaveValue(IMEI);
    expect(screen.getByLabelText('Activation code')).toHaveValue(CODE);
  });

  it('registration pre-fills from the pending QR activation and moves on after activating', async () => {
    const sent = serve();
    const { store, storage } = devicesStore();
    storage.set(
      PENDING_ACTIVATION_STORAGE_KEY,
      JSON.stringify({ imei: IMEI, code: CODE, savedAt: NOW }),
    );
    const user = userEvent.setup();
    const { router } = renderDevicesAt(store, '/auth/registration-activate-device');
    expect(await screen.findByLabelText('IMEI')).toHaveValue(IMEI);
    expect(screen.getByLabelText('Activation code')).toHaveValue(CODE);
    await user.selectOptions(screen.getByLabelText('Device type'), 'mSafety watch');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await until(() => router.state.location.pathname === '/auth/registration-equipment');
    expect(sent).toEqual([{ Imei: IMEI, Code: CODE, DeviceNickname: '', DeviceType: 'MSAFETY' }]);
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
  });

  it('registration can be skipped for a member without the device yet', async () => {
    const sent = serve();
    const { store } = devicesStore();
    const user = userEvent.setup();
    const { router } = renderDevicesAt(store, '/auth/registration-activate-device');
    expect(await screen.findByLabelText('IMEI')).toHaveValue('');
    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(router.state.location.pathname).toBe('/auth/registration-equipment');
    expect(sent).toEqual([]);
  });

  it('activate-device-initial shows the current device when there is one', async () => {
    const { store } = devicesStore({ devices: [watch] });
    renderDevicesAt(store, '/member/activate-device-initial');
    const card = await screen.findByRole('article', { name: 'Your current device' });
    expect(card).toHaveTextContent('Blue watch');
    expect(card).toHaveTextContent(IMEI);
    expect(within(card).getByRole('link', { name: 'Manage your devices' })).toHaveAttribute(
      'href',
      '/member/devices',
    );
    expect(screen.queryByLabelText('IMEI')).toBeNull();
  });

  it('activate-device-initial shows the form when there is no device', async () => {
    const { store } = devicesStore({ devices: [] });
    renderDevicesAt(store, '/member/activate-device-initial');
    expect(await screen.findByLabelText('IMEI')).toBeVisible();
  });
});
