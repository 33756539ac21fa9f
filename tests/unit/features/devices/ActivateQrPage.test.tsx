// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { PENDING_ACTIVATION_STORAGE_KEY } from '../../../../src/features/devices/pendingActivation';
import { createStorage } from '../../../../src/streams/storage';
import { NOW, devicesStore } from './devicesTestKit';
import { renderDevicesAt } from './renderDevices';
import { until } from '../../support/until';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const IMEI = '359999000000042';
const CODE = '745536';
const TARGET = `/member/activate-device-code/${IMEI}/${CODE}`;

describe('/activate/:imei/:code, the QR intro (app §2; policy §1, §2)', () => {
  it('congratulates a signed-out visitor, offers log in and create account, and remembers the device', async () => {
    const { store, storage } = devicesStore({ signedIn: false });
    renderDevicesAt(store, `/activate/${IMEI}/${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'Congratulations on your new device!' }),
    ).toBeVisible();
    expect(screen.getByText('Log in or create an account to finish activating it.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/auth/login?returnTo=${encodeURIComponent(TARGET)}`,
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/auth/create-account',
    );
    // The page saves the activation from an effect, which may run after the heading shows.
    await waitFor(() => {
      expect(JSON.parse(storage.data.get(PENDING_ACTIVATION_STORAGE_KEY) ?? 'null')).toEqual({
        imei: IMEI,
        code: CODE,
        savedAt: NOW,
      });
    });
  });

  it('sends a signed-in member straight to the activation with the IMEI and code', async () => {
    const { store, storage } = devicesStore();
    const { router } = renderDevicesAt(store, `/activate/${IMEI}/${CODE}`);
    await until(() => router.state.location.pathname === TARGET);
    expect(await screen.findByLabelText('IMEI')).toHaveValue(IMEI);
    expect(screen.getByLabelText('Activation code')).toHaveValue(CODE);
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
  });

  it.each([
    ['a 14-digit IMEI', '35999900000004', CODE],
    ['letters in the IMEI', '35999900000004x', CODE],
    ['a 5-digit code', IMEI, '74553'],
    ['letters in the code', IMEI, 'abcdef'],
  ])('says the code is not valid for %s and remembers nothing', async (_label, imei, code) => {
    const { store, storage } = devicesStore({ signedIn: false });
    renderDevicesAt(store, `/activate/${imei}/${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activation code is not valid.',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(storage.data.size).toBe(0);
  });
});
