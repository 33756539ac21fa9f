import { describe, expect, it } from 'vitest';
import { DevDemo } from '../../../src/api/dev';
import { DEMO_DEVICES, seedDeviceRegistry } from '../../../server/devices/registrySeed';
import { memberIntegrationToken, registerListeningTestServer } from './signedUpMember';
import { buildTestServer, testConfig } from './testServer';

const server = registerListeningTestServer(testConfig({ DEV_ENDPOINTS: 'true' }));

async function demo(): Promise<DevDemo> {
  const res = await server.app.inject({ method: 'GET', url: '/api/dev/demo' });
  expect(res.statusCode).toBe(200);
  return DevDemo.parse(res.json());
}

describe('GET /api/dev/demo (development endpoints only)', () => {
  it('lists every seeded demo device with its code, type and stored ingest key', async () => {
    const { ActivatableDevices } = await demo();
    expect(ActivatableDevices.length).toBeGreaterThanOrEqual(3);
    expect(ActivatableDevices.map((d) => [d.Imei, d.Code, d.DeviceType])).toEqual(
      DEMO_DEVICES.map((d) => [d.imei, d.code, d.deviceType]),
    );
    const types = ActivatableDevices.map((d) => d.DeviceType);
    expect(types.filter((t) => t === 'SMARTPHONE_APP').length).toBeGreaterThanOrEqual(2);
    expect(types.filter((t) => t === 'MSAFETY').length).toBeGreaterThanOrEqual(2);
    for (const device of ActivatableDevices) {
      expect(device.Imei).toMatch(/^\d{15}$/);
      expect(device.Code).toMatch(/^\d{6}$/);
      const row = await server.database.db
        .selectFrom('devices')
        .select(['ingest_key', 'member_id'])
        .where('imei', '=', device.Imei)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ ingest_key: device.IngestKey, member_id: null });
    }
    expect(new Set(ActivatableDevices.map((d) => d.IngestKey)).size).toBe(
      ActivatableDevices.length,
    );
  });

  it('seeding again is idempotent: same rows, same keys', async () => {
    const before = await server.database.db
      .selectFrom('devices')
      .selectAll()
      .orderBy('imei')
      .execute();
    await seedDeviceRegistry(server.database.db);
    expect(
      await server.database.db.selectFrom('devices').selectAll().orderBy('imei').execute(),
    ).toEqual(before);
  });

  it('a listed code activates its device, which then leaves the list', async () => {
    const [first, ...rest] = (await demo()).ActivatableDevices;
    if (!first) throw new Error('no activatable demo device');
    const { app, database, origin } = server;
    const token = await memberIntegrationToken(app, database.db, origin, 'demo@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/member-integration/activate-device',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        Imei: first.Imei,
        Code: first.Code,
        DeviceType: first.DeviceType,
        DeviceNickname: 'Demo phone',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json<{ DeviceID?: number }>().DeviceID).toBe('number');
    expect((await demo()).ActivatableDevices).toEqual(rest);
  });

  it('does not exist without the development endpoints', async () => {
    const production = await buildTestServer(
      server.database.db,
      testConfig({ DEV_ENDPOINTS: 'false' }),
    );
    try {
      const res = await production.inject({ method: 'GET', url: '/api/dev/demo' });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
