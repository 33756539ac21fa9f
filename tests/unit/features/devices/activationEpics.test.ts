import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  deviceActivationRequested,
  pendingActivationCleared,
  pendingActivationRemembered,
  pendingActivationRequested,
  selectDeviceActivation,
  type ActivationRequest,
} from '../../../../src/features/devices/activationSlice';
import {
  PENDING_ACTIVATION_MAX_AGE_MS,
  PENDING_ACTIVATION_STORAGE_KEY,
} from '../../../../src/features/devices/pendingActivation';
import { selectAllDevices } from '../../../../src/store/entities/devicesSlice';
import { selectNotifications } from '../../../../src/store/notifications/notificationsSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { API, NOW, devicesStore, watch } from './devicesTestKit';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

const request: ActivationRequest = {
  Imei: '359999000000042',
  Code: '745536',
  DeviceNickname: 'Blue watch',
  DeviceType: 'MSAFETY',
};

/** Answers activate-device with `answer` (status 200 unless given) and GET devices with [watch]. */
function serve(answer: () => Response) {
  const sent: unknown[] = [];
  const auth: (string | null)[] = [];
  let listed = 0;
  server.use(
    http.post(`${API}/activate-device`, async ({ request: req }) => {
      sent.push(await req.json());
      auth.push(req.headers.get('authorization'));
      return answer();
    }),
    http.get(`${API}/devices`, () => {
      listed += 1;
      return HttpResponse.json({ MemberDevices: [watch] });
    }),
  );
  return { sent, auth, listed: () => listed };
}

describe('activate-device (app §7)', () => {
  it('sends the request with the member token; success reloads the devices and tells the user', async () => {
    const calls = serve(() => HttpResponse.json({ AtlasDeviceID: 'demo-1', DeviceID: 11 }));
    const { store, storage } = devicesStore();
    storage.set(
      PENDING_ACTIVATION_STORAGE_KEY,
      JSON.stringify({ imei: request.Imei, code: request.Code, savedAt: NOW }),
    );
    store.dispatch(deviceActivationRequested(request));
    expect(selectDeviceActivation(store.getState()).status).toBe('pending');
    await until(() => selectAllDevices(store.getState()).length === 1);
    expect(calls.sent).toEqual([request]);
    expect(calls.auth).toEqual(['Bearer member-token']);
    expect(calls.listed()).toBe(1);
    expect(selectDeviceActivation(store.getState()).status).toBe('succeeded');
    expect(selectNotifications(store.getState())).toMatchObject([
      { tone: 'success', key: 'Devices.Activated' },
    ]);
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
  });

  it('sends one request for a double submit (exhaustMap)', async () => {
    const calls = serve(() => HttpResponse.json({ AtlasDeviceID: 'demo-1', DeviceID: 11 }));
    const { store } = devicesStore();
    store.dispatch(deviceActivationRequested(request));
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'succeeded');
    await until(() => calls.listed() === 1);
    expect(calls.sent).toHaveLength(1);
  });

  it.each([
    ['ACTIVATION_FAILED', 'Devices.ActivationErrors.ACTIVATION_FAILED', undefined],
    ['IMEI_NOT_FOUND', 'Devices.ActivationErrors.IMEI_NOT_FOUND', undefined],
    ['CODE_INVALID', 'Devices.ActivationErrors.CODE_INVALID', undefined],
    ['DEVICE_TAKEN', 'Devices.ActivationErrors.DEVICE_TAKEN', undefined],
    [
      'EXISTING_ACTIVE_SUBSCRIPTION',
      'Devices.ActivationErrors.EXISTING_ACTIVE_SUBSCRIPTION',
      { maxDeviceCount: 1 },
    ],
    ['PAIRING_ERROR', 'Devices.ActivationErrors.PAIRING_ERROR', undefined],
    ['AUTH', 'Devices.ActivationErrors.AUTH', undefined],
    ['UNKNOWN', 'Devices.ActivationErrors.UNKNOWN', undefined],
    ['RATE_LIMITED', 'Devices.ActivationErrors.UNKNOWN', undefined],
  ])('a 200 { Error: %s } shows %s and keeps the pending activation', async (code, key, params) => {
    const calls = serve(() =>
      HttpResponse.json({ Error: { ErrorCode: code, Message: 'server text' } }),
    );
    const { store, storage } = devicesStore();
    store.dispatch(pendingActivationRemembered({ imei: request.Imei, code: request.Code }));
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure).toEqual({
      message: params ? { key, params } : { key },
      fieldErrors: {},
    });
    expect(calls.listed()).toBe(0);
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(true);
  });

  it('maps a 400 naming a field to that field and "Please correct invalid values"', async () => {
    serve(() =>
      HttpResponse.json(
        {
          ErrorCode: 'REQUEST_INVALID',
          Error: 'Invalid request: body.Imei: Validations.ImeiInvalid',
          Issues: [{ Path: 'body.Imei', Message: 'Validations.ImeiInvalid' }],
        },
        { status: 400 },
      ),
    );
    const { store } = devicesStore();
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure).toEqual({
      message: { key: 'Validations.InvalidValues' },
      fieldErrors: { Imei: { key: 'Validations.ImeiInvalid' } },
    });
  });

  it('shows the general connection error when the network fails', async () => {
    serve(() => HttpResponse.error());
    const { store } = devicesStore();
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure?.message).toEqual({
      key: 'Devices.Errors.Network',
    });
  });

  it.each([
    [429, 'RATE_LIMITED', 'Devices.Errors.RateLimited'],
    [503, 'UNKNOWN', 'Devices.Errors.Network'],
    [502, 'UNKNOWN', 'Devices.Errors.Network'],
  ])('a %s (%s) asks to try again later, not to contact support', async (status, code, key) => {
    serve(() => HttpResponse.json({ ErrorCode: code, Error: 'x' }, { status }));
    const { store } = devicesStore();
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure?.message).toEqual({ key });
  });

  it('treats a 401 as AUTH and a 500 as UNKNOWN', async () => {
    let status = 401;
    serve(() =>
      HttpResponse.json({ ErrorCode: status === 401 ? 'AUTH' : 'UNKNOWN', Error: 'x' }, { status }),
    );
    const { store } = devicesStore();
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure?.message.key).toBe(
      'Devices.ActivationErrors.AUTH',
    );
    status = 500;
    store.dispatch(deviceActivationRequested(request));
    await until(() => selectDeviceActivation(store.getState()).status === 'failed');
    expect(selectDeviceActivation(store.getState()).failure?.message.key).toBe(
      'Devices.ActivationErrors.UNKNOWN',
    );
  });
});

describe('the pending QR activation (policy §1)', () => {
  it('is written to storage with its time and read back', () => {
    const { store, storage } = devicesStore({ signedIn: false });
    store.dispatch(pendingActivationRemembered({ imei: request.Imei, code: request.Code }));
    expect(JSON.parse(storage.data.get(PENDING_ACTIVATION_STORAGE_KEY) ?? '')).toEqual({
      imei: request.Imei,
      code: request.Code,
      savedAt: NOW,
    });
    const second = devicesStore();
    second.storage.set(
      PENDING_ACTIVATION_STORAGE_KEY,
      storage.data.get(PENDING_ACTIVATION_STORAGE_KEY) ?? '',
    );
    second.store.dispatch(pendingActivationRequested());
    expect(selectDeviceActivation(second.store.getState())).toMatchObject({
      pending: { imei: request.Imei, code: request.Code },
      pendingRestored: true,
    });
  });

  it.each([
    ['not JSON', '{imei'],
    [
      'an IMEI of 14 digits',
      JSON.stringify({ imei: '35999900000004', code: '745536', savedAt: NOW }),
    ],
    ['a 5-digit code', JSON.stringify({ imei: request.Imei, code: '74553', savedAt: NOW })],
    ['no time', JSON.stringify({ imei: request.Imei, code: request.Code })],
    [
      'older than 24 h',
      JSON.stringify({
        imei: request.Imei,
        code: request.Code,
        savedAt: NOW - PENDING_ACTIVATION_MAX_AGE_MS - 1,
      }),
    ],
  ])('is ignored and removed when stored as %s', (_label, stored) => {
    const { store, storage } = devicesStore();
    storage.set(PENDING_ACTIVATION_STORAGE_KEY, stored);
    store.dispatch(pendingActivationRequested());
    expect(selectDeviceActivation(store.getState())).toMatchObject({
      pending: null,
      pendingRestored: true,
    });
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
  });

  it('is removed when cleared and on logout', () => {
    const { store, storage } = devicesStore();
    store.dispatch(pendingActivationRemembered({ imei: request.Imei, code: request.Code }));
    store.dispatch(pendingActivationCleared());
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
    store.dispatch(pendingActivationRemembered({ imei: request.Imei, code: request.Code }));
    store.dispatch(loggedOut({ reason: 'user' }));
    expect(storage.data.has(PENDING_ACTIVATION_STORAGE_KEY)).toBe(false);
  });
});
