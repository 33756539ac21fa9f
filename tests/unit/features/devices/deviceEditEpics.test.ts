import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  deviceNicknameSaveRequested,
  deviceRemovalRequested,
  selectDeviceEdits,
} from '../../../../src/features/devices/deviceEditsSlice';
import {
  devicesRequested,
  selectAllDevices,
  selectDeviceById,
} from '../../../../src/store/entities/devicesSlice';
import { selectNotifications } from '../../../../src/store/notifications/notificationsSlice';
import { API, devicesStore, phone, watch } from './devicesTestKit';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer();

describe('save-device (app §7)', () => {
  it('sends the device with its new nickname, without the ingest key, and stores the answer', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/save-device`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...phone, DeviceNickname: body.DeviceNickname });
      }),
    );
    const { store } = devicesStore({ devices: [watch, phone] });
    store.dispatch(
      deviceNicknameSaveRequested({ DeviceID: phone.DeviceID, nickname: 'Work phone' }),
    );
    await until(() => selectDeviceEdits(store.getState()).status === 'done');
    expect(sent).toEqual([
      {
        DeviceID: phone.DeviceID,
        AtlasDeviceID: phone.AtlasDeviceID,
        DeviceNickname: 'Work phone',
        Imei: phone.Imei,
        DeviceType: 'SMARTPHONE_APP',
        RegisteredTimestamp: null,
      },
    ]);
    expect(selectDeviceById(store.getState(), phone.DeviceID)).toEqual({
      ...phone,
      DeviceNickname: 'Work phone',
    });
    expect(selectNotifications(store.getState())).toMatchObject([
      { tone: 'success', key: 'Devices.List.NicknameSaved' },
    ]);
  });

  it('keeps the device and shows the save error when the server fails', async () => {
    server.use(
      http.post(`${API}/save-device`, () =>
        HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'x' }, { status: 500 }),
      ),
    );
    const { store } = devicesStore({ devices: [watch] });
    store.dispatch(deviceNicknameSaveRequested({ DeviceID: watch.DeviceID, nickname: 'Red' }));
    await until(() => selectDeviceEdits(store.getState()).status === 'failed');
    expect(selectDeviceEdits(store.getState()).errorKey).toBe('Devices.Errors.SaveFailed');
    expect(selectDeviceById(store.getState(), watch.DeviceID)?.DeviceNickname).toBe('Blue watch');
  });
});

describe('remove-device (app §7, §8)', () => {
  it('sends the DeviceID and takes the remaining devices from MemberDevices', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/remove-device`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ MemberDevices: [phone] });
      }),
    );
    const { store } = devicesStore({ devices: [watch, phone] });
    store.dispatch(deviceRemovalRequested({ DeviceID: watch.DeviceID }));
    await until(() => selectDeviceEdits(store.getState()).status === 'done');
    expect(sent).toEqual([{ DeviceID: watch.DeviceID }]);
    expect(selectAllDevices(store.getState())).toEqual([phone]);
    expect(selectNotifications(store.getState())).toMatchObject([
      { tone: 'success', key: 'Devices.List.Removed' },
    ]);
  });

  it.each([
    [
      'a 200 { Error: UNKNOWN }',
      () => HttpResponse.json({ MemberDevices: [], Error: { ErrorCode: 'UNKNOWN', Message: 'x' } }),
      'Devices.RemoveErrors.UNKNOWN',
    ],
    ['a network failure', () => HttpResponse.error(), 'Devices.Errors.Network'],
  ])('keeps the list and shows the error on %s', async (_label, answer, key) => {
    server.use(http.post(`${API}/remove-device`, answer));
    const { store } = devicesStore({ devices: [watch] });
    store.dispatch(deviceRemovalRequested({ DeviceID: watch.DeviceID }));
    await until(() => selectDeviceEdits(store.getState()).status === 'failed');
    expect(selectDeviceEdits(store.getState()).errorKey).toBe(key);
    expect(selectAllDevices(store.getState())).toEqual([watch]);
  });

  it('reloads the list and says so when the device is no longer the member’s (a 404)', async () => {
    server.use(
      http.post(`${API}/remove-device`, () =>
        HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'No such device' }, { status: 404 }),
      ),
      http.get(`${API}/devices`, () => HttpResponse.json({ MemberDevices: [phone] })),
    );
    const { store } = devicesStore({ devices: [watch] });
    store.dispatch(deviceRemovalRequested({ DeviceID: watch.DeviceID }));
    await until(() => selectDeviceEdits(store.getState()).status === 'done');
    expect(selectDeviceEdits(store.getState()).errorKey).toBeNull();
    expect(
      store.actionLog.entries().filter((entry) => devicesRequested.match(entry.action)),
    ).toHaveLength(1);
    await until(() => selectAllDevices(store.getState()).length === 1);
    expect(selectAllDevices(store.getState())).toEqual([phone]);
    expect(selectNotifications(store.getState())).toMatchObject([
      { tone: 'info', key: 'Devices.List.AlreadyRemoved' },
    ]);
  });

  it('ignores a second change while one is being sent', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/remove-device`, () => {
        calls += 1;
        return HttpResponse.json({ MemberDevices: [phone] });
      }),
    );
    const { store } = devicesStore({ devices: [watch, phone] });
    store.dispatch(deviceRemovalRequested({ DeviceID: watch.DeviceID }));
    store.dispatch(deviceRemovalRequested({ DeviceID: phone.DeviceID }));
    expect(selectDeviceEdits(store.getState()).deviceId).toBe(watch.DeviceID);
    await until(() => selectDeviceEdits(store.getState()).status === 'done');
    expect(calls).toBe(1);
  });
});
