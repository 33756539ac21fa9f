import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../../src/api/entities/device';
import type { ApiErrorBody } from '../../../src/api/errors';
import {
  ACTIVATION_ATTEMPT_LIMIT,
  DEVICE_CODE_FAILURE_LIMIT,
} from '../../../server/devices/activationAttempts';
import { DEMO_DEVICES, demoAtlasDeviceId } from '../../../server/devices/registrySeed';
import { addMonthsUtc } from '../../../server/devices/trialSubscription';
import { memberIntegrationToken, registerListeningTestServer } from './signedUpMember';

const server = registerListeningTestServer();
const tokens: Record<string, string> = {};
const memberIds: Record<string, number> = {};

const MEMBERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina'] as const;
type MemberName = (typeof MEMBERS)[number];

async function signUp(name: MemberName): Promise<void> {
  const email = `${name}@example.com`;
  const { app, database, origin } = server;
  tokens[name] = await memberIntegrationToken(app, database.db, origin, email);
  const member = await database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  memberIds[name] = member.member_id;
}

beforeAll(async () => {
  for (const name of MEMBERS) await signUp(name);
});

/** The seeded demo device at `index` of DEMO_DEVICES (see registrySeed.ts for the list). */
function demo(index: number) {
  const device = DEMO_DEVICES[index];
  if (!device) throw new Error(`no demo device ${index}`);
  return device;
}
const PHONE_A = demo(0); // SMARTPHONE_APP
const WATCH_A = demo(3); // MSAFETY
const WATCH_B = demo(4); // MSAFETY
const WATCH_C = demo(5); // MSAFETY
const SHIELD = demo(6); // SILVER_SHIELD
const BRACELET = demo(7); // BRACELET
const OKTAVE = demo(8); // EV06_OKTAVE

const base = '/api/member-integration';
const auth = (name: MemberName) => ({ authorization: `Bearer ${tokens[name]}` });

type ActivationAnswer = {
  AtlasDeviceID?: string;
  DeviceID?: number;
  Error?: { ErrorCode: string; Message: string };
};

const post = (name: MemberName, path: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: `${base}/${path}`, headers: auth(name), payload });

function activationBody(
  device: { imei: string; code: string; deviceType: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    Imei: device.imei,
    Code: device.code,
    DeviceType: device.deviceType,
    DeviceNickname: 'Orca',
    ...overrides,
  };
}

async function activate(
  name: MemberName,
  device: { imei: string; code: string; deviceType: string },
  overrides: Record<string, unknown> = {},
): Promise<ActivationAnswer> {
  const res = await post(name, 'activate-device', activationBody(device, overrides));
  expect(res.statusCode).toBe(200);
  return res.json<ActivationAnswer>();
}

async function devicesOf(name: MemberName): Promise<Device[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `${base}/devices`,
    headers: auth(name),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ MemberDevices: Device[] }>().MemberDevices;
}

async function subscriptionsOf(name: MemberName) {
  return server.database.db
    .selectFrom('subscriptions')
    .select(['subscription_id', 'expiry_ms', 'price_id', 'deleted'])
    .where('member_id', '=', memberIds[name] ?? -1)
    .orderBy('subscription_id')
    .execute();
}

async function ownerOf(imei: string): Promise<number | null> {
  const row = await server.database.db
    .selectFrom('devices')
    .select('member_id')
    .where('imei', '=', imei)
    .executeTakeFirstOrThrow();
  return row.member_id;
}

/** Every row a device call could write, to prove that a refused call wrote nothing. */
async function snapshot() {
  const db = server.database.db.withTables<{
    device_activation_attempts: { member_id: number; at_ms: number };
  }>();
  return {
    devices: await db.selectFrom('devices').selectAll().orderBy('device_id').execute(),
    subscriptions: await db
      .selectFrom('subscriptions')
      .selectAll()
      .orderBy('subscription_id')
      .execute(),
    attempts: await db
      .selectFrom('device_activation_attempts')
      .selectAll()
      .orderBy('member_id')
      .orderBy('at_ms')
      .execute(),
  };
}

/**
 * Runs `race` while a transaction of the test holds the device's row lock, and releases the lock only
 * once `waiters` backends of this database wait for a lock, so the racing activations provably
 * overlap (no timing luck, no sleeps): each polls with one query per turn, up to 1000 turns.
 */
async function withDeviceRowLocked<T>(imei: string, waiters: number, race: () => Promise<T>) {
  const holder = await server.database.db.startTransaction().execute();
  try {
    await holder
      .selectFrom('devices')
      .select('device_id')
      .where('imei', '=', imei)
      .forUpdate()
      .execute();
    const result = race();
    for (let turn = 0; ; turn += 1) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(
        server.database.db,
      );
      if ((rows[0]?.n ?? 0) >= waiters) break;
      if (turn >= 1000) throw new Error(`only ${rows[0]?.n} activations reached the lock`);
    }
    await holder.commit().execute();
    return await result;
  } catch (error) {
    await holder
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

describe('activate-device (spec §7; policy §4 "Device rules", §8 "Device activation")', () => {
  it('activates a registry device, saves its nickname and starts a 1-month trial', async () => {
    const before = Date.now();
    const answer = await activate('alice', WATCH_A, { DeviceNickname: ' Orca watch ' });
    expect(answer.Error).toBeUndefined();
    expect(answer.AtlasDeviceID).toBe(demoAtlasDeviceId(WATCH_A.imei));
    expect(answer.DeviceID).toEqual(expect.any(Number));

    const [device, ...others] = await devicesOf('alice');
    expect(others).toEqual([]);
    expect(device).toMatchObject({
      DeviceID: answer.DeviceID,
      AtlasDeviceID: demoAtlasDeviceId(WATCH_A.imei),
      DeviceNickname: 'Orca watch',
      Imei: WATCH_A.imei,
      DeviceType: 'MSAFETY',
    });
    const registered = device?.RegisteredTimestamp ?? 0;
    expect(registered).toBeGreaterThanOrEqual(before);
    expect(registered).toBeLessThanOrEqual(Date.now());

    const subscriptions = await subscriptionsOf('alice');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ price_id: null, deleted: false });
    const expiry = subscriptions[0]?.expiry_ms ?? 0;
    expect(expiry).toBeGreaterThanOrEqual(addMonthsUtc(before, 1));
    expect(expiry).toBeLessThanOrEqual(addMonthsUtc(Date.now(), 1));
    expect(device?.SubscriptionExpiryTimestamp).toBe(expiry);
  });

  it.each([
    ['an unknown IMEI', { Imei: '359999000000950' }, 'IMEI_NOT_FOUND'],
    ['a wrong code', { Code: '000000' }, 'CODE_INVALID'],
    ['another device type than the registry’s', { DeviceType: 'EV07' }, 'PAIRING_ERROR'],
  ])('answers %s with %s and writes nothing but the attempt', async (_name, overrides, code) => {
    const before = await snapshot();
    const answer = await activate('bob', WATCH_B, overrides);
    expect(Object.keys(answer)).toEqual(['Error']);
    expect(answer.Error?.ErrorCode).toBe(code);
    expect(answer.Error?.Message).not.toBe('');
    const after = await snapshot();
    expect(after.devices).toEqual(before.devices);
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(after.attempts).toHaveLength(before.attempts.length + 1);
    expect(await devicesOf('bob')).toEqual([]);
  });

  it('answers DEVICE_TAKEN for a device another member holds, CODE_INVALID without its code', async () => {
    const before = await snapshot();
    expect(await activate('bob', WATCH_A)).toEqual({
      Error: { ErrorCode: 'DEVICE_TAKEN', Message: 'The device is allocated to another user' },
    });
    expect((await activate('bob', WATCH_A, { Code: '999999' })).Error?.ErrorCode).toBe(
      'CODE_INVALID',
    );
    const after = await snapshot();
    expect(after.devices).toEqual(before.devices);
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(await ownerOf(WATCH_A.imei)).toBe(memberIds.alice);
    expect(await devicesOf('bob')).toEqual([]);
  });

  it('activating the device one already holds succeeds again and renames it', async () => {
    const [held] = await devicesOf('alice');
    const answer = await activate('alice', WATCH_A, { DeviceNickname: 'Orca two' });
    expect(answer).toEqual({ AtlasDeviceID: held?.AtlasDeviceID, DeviceID: held?.DeviceID });
    expect(await devicesOf('alice')).toEqual([{ ...held, DeviceNickname: 'Orca two' }]);
    expect(await subscriptionsOf('alice')).toHaveLength(1);
  });

  it('answers EXISTING_ACTIVE_SUBSCRIPTION for a second device while a subscription is active', async () => {
    const devicesBefore = await devicesOf('alice');
    const subscriptionsBefore = await subscriptionsOf('alice');
    const answer = await activate('alice', WATCH_B);
    expect(answer.Error?.ErrorCode).toBe('EXISTING_ACTIVE_SUBSCRIPTION');
    expect(await devicesOf('alice')).toEqual(devicesBefore);
    expect(await subscriptionsOf('alice')).toEqual(subscriptionsBefore);
    expect(await ownerOf(WATCH_B.imei)).toBeNull();
  });

  it('gives exactly one of two concurrent activations of one IMEI, the other DEVICE_TAKEN', async () => {
    const answers = await withDeviceRowLocked(WATCH_C.imei, 2, () =>
      Promise.all([
        activate('carol', WATCH_C, { DeviceNickname: 'Carol' }),
        activate('dave', WATCH_C, { DeviceNickname: 'Dave' }),
      ]),
    );
    const winners = answers.filter((a) => a.DeviceID !== undefined);
    const losers = answers.filter((a) => a.Error !== undefined);
    expect(winners).toHaveLength(1);
    expect(losers.map((a) => a.Error?.ErrorCode)).toEqual(['DEVICE_TAKEN']);
    const winner: MemberName = answers[0].DeviceID !== undefined ? 'carol' : 'dave';
    const loser: MemberName = winner === 'carol' ? 'dave' : 'carol';
    expect(await ownerOf(WATCH_C.imei)).toBe(memberIds[winner]);
    expect((await devicesOf(winner)).map((d) => d.Imei)).toEqual([WATCH_C.imei]);
    expect(await devicesOf(loser)).toEqual([]);
    expect(await subscriptionsOf(winner)).toHaveLength(1);
    expect(await subscriptionsOf(loser)).toEqual([]);
  });

  it(`refuses attempts over ${ACTIVATION_ATTEMPT_LIMIT} per 15 minutes with ACTIVATION_FAILED`, async () => {
    for (let attempt = 0; attempt < ACTIVATION_ATTEMPT_LIMIT; attempt += 1) {
      expect((await activate('erin', SHIELD, { Code: '000000' })).Error?.ErrorCode).toBe(
        'CODE_INVALID',
      );
    }
    const before = await snapshot();
    const answer = await activate('erin', SHIELD);
    expect(answer.Error?.ErrorCode).toBe('ACTIVATION_FAILED');
    expect(await snapshot()).toEqual(before);
    expect(await ownerOf(SHIELD.imei)).toBeNull();
  });

  it(`refuses a device that took ${DEVICE_CODE_FAILURE_LIMIT} wrong codes within the hour, from anyone, even with its right code`, async () => {
    // Erin's wrong codes above were all for SHIELD: another member, with the right code, waits too.
    const { devices, subscriptions } = await snapshot();
    const answer = await activate('gina', SHIELD);
    expect(answer.Error).toEqual({
      ErrorCode: 'ACTIVATION_FAILED',
      Message: 'Too many wrong codes for this device; try again in 60 minutes',
    });
    expect(await snapshot()).toMatchObject({ devices, subscriptions });
    expect(await ownerOf(SHIELD.imei)).toBeNull();
  });

  it('needs a member token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${base}/activate-device`,
      payload: activationBody(SHIELD),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ErrorCode: 'AUTH' });
    expect(await ownerOf(SHIELD.imei)).toBeNull();
  });
});

describe('devices, remove-device and save-device (spec §7) with ownership checks', () => {
  it('shows IngestKey for SMARTPHONE_APP devices only, and only to their owner', async () => {
    expect((await activate('frank', PHONE_A, { DeviceNickname: 'Pixel' })).DeviceID).toBeDefined();
    // Without an active subscription a second device is allowed (policy §4), and no second trial starts.
    await server.database.db
      .updateTable('subscriptions')
      .set({ expiry_ms: Date.now() - 1000 })
      .where('member_id', '=', memberIds.frank ?? -1)
      .execute();
    expect((await activate('frank', BRACELET)).DeviceID).toBeDefined();
    expect(await subscriptionsOf('frank')).toHaveLength(1);

    const devices = await devicesOf('frank');
    const stored = await server.database.db
      .selectFrom('devices')
      .select(['imei', 'ingest_key'])
      .where('imei', 'in', [PHONE_A.imei, BRACELET.imei])
      .execute();
    const keyOf = (imei: string) => stored.find((row) => row.imei === imei)?.ingest_key;
    expect(devices.map((d) => [d.Imei, d.IngestKey])).toEqual([
      [PHONE_A.imei, keyOf(PHONE_A.imei)],
      [BRACELET.imei, undefined],
    ]);
    expect(keyOf(PHONE_A.imei)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const othersSee = [
      ...(await devicesOf('alice')),
      ...(await devicesOf('bob')),
      ...(await devicesOf('gina')),
    ];
    expect(othersSee.map((d) => d.Imei)).not.toContain(PHONE_A.imei);
  });

  it('remove-device releases the device, rotates its ingest key and answers the remaining ones', async () => {
    const [phone, bracelet] = await devicesOf('frank');
    const oldKey = phone?.IngestKey ?? '';
    expect(oldKey).not.toBe('');
    const res = await post('frank', 'remove-device', { DeviceID: phone?.DeviceID });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ MemberDevices: Device[] }>().MemberDevices).toEqual([bracelet]);

    const released = await server.database.db
      .selectFrom('devices')
      .selectAll()
      .where('imei', '=', PHONE_A.imei)
      .executeTakeFirstOrThrow();
    expect(released).toMatchObject({ member_id: null, device_nickname: '', registered_at: null });
    expect(released.released_at).toBeInstanceOf(Date);
    expect(released.ingest_key).not.toBe(oldKey);
    const withOldKey = await server.database.db
      .selectFrom('devices')
      .select('device_id')
      .where('ingest_key', '=', oldKey)
      .execute();
    expect(withOldKey).toEqual([]);
    // The subscription stays with the member (policy §4 "The subscription does not transfer").
    expect(await subscriptionsOf('frank')).toHaveLength(1);
  });

  it('a removed device can then be activated by another member', async () => {
    expect(
      (await post('alice', 'remove-device', { DeviceID: (await devicesOf('alice'))[0]?.DeviceID }))
        .statusCode,
    ).toBe(200);
    expect(await devicesOf('alice')).toEqual([]);
    const answer = await activate('bob', WATCH_A, { DeviceNickname: 'Second hand' });
    expect(answer.Error).toBeUndefined();
    expect((await devicesOf('bob')).map((d) => [d.Imei, d.DeviceNickname])).toEqual([
      [WATCH_A.imei, 'Second hand'],
    ]);
    expect(await subscriptionsOf('alice')).toHaveLength(1);
    expect(await subscriptionsOf('bob')).toHaveLength(1);
  });

  it('a member’s trial starts only once, even after removing and re-activating', async () => {
    await server.database.db
      .updateTable('subscriptions')
      .set({ expiry_ms: Date.now() - 1000 })
      .where('member_id', '=', memberIds.alice ?? -1)
      .execute();
    expect((await activate('alice', OKTAVE)).Error).toBeUndefined();
    expect(await subscriptionsOf('alice')).toHaveLength(1);
  });

  it('save-device renames the caller’s device and answers it', async () => {
    const [device] = await devicesOf('bob');
    const res = await post('bob', 'save-device', { ...device, DeviceNickname: 'Renamed_2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...device, DeviceNickname: 'Renamed_2' });
    expect(await devicesOf('bob')).toEqual([{ ...device, DeviceNickname: 'Renamed_2' }]);
  });

  it.each([
    ['another Imei', { Imei: '359999000000950' }],
    ['another DeviceType', { DeviceType: 'EV07' }],
    ['another AtlasDeviceID', { AtlasDeviceID: 'elsewhere' }],
  ])('save-device refuses %s with a 400 and writes nothing', async (_name, change) => {
    const [device] = await devicesOf('bob');
    const before = await snapshot();
    const res = await post('bob', 'save-device', { ...device, ...change, DeviceNickname: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another member’s or an unknown DeviceID and leaves the device unchanged', async () => {
    const bobsBefore = await devicesOf('bob');
    const [bobsDevice] = bobsBefore;
    const before = await snapshot();
    for (const deviceId of [bobsDevice?.DeviceID, 987_654]) {
      const removal = await post('gina', 'remove-device', { DeviceID: deviceId });
      expect(removal.statusCode).toBe(404);
      expect(removal.json()).toEqual({ ErrorCode: 'NOT_FOUND', Error: 'No such device' });
      const save = await post('gina', 'save-device', {
        ...bobsDevice,
        DeviceID: deviceId,
        DeviceNickname: 'Hijack',
      });
      expect(save.statusCode).toBe(404);
      expect(save.json()).toEqual({ ErrorCode: 'NOT_FOUND', Error: 'No such device' });
    }
    expect(await snapshot()).toEqual(before);
    expect(await devicesOf('bob')).toEqual(bobsBefore);
    expect(await devicesOf('gina')).toEqual([]);
  });

  it('GET devices lists the caller’s own devices only', async () => {
    const all = await server.database.db
      .selectFrom('devices')
      .select(['device_id', 'member_id'])
      .where('member_id', 'is not', null)
      .execute();
    for (const name of MEMBERS) {
      const own = all.filter((row) => row.member_id === memberIds[name]).map((r) => r.device_id);
      expect((await devicesOf(name)).map((d) => d.DeviceID).sort()).toEqual(own.sort());
    }
  });
});

describe('contract violations answer 400 REQUEST_INVALID and write nothing (spec §5)', () => {
  it.each([
    ['an IMEI of 14 digits', { Imei: '35999900000001' }],
    ['an IMEI with letters', { Imei: '35999900000001A' }],
    ['a code of 5 digits', { Code: '41820' }],
    ['a code with letters', { Code: '41820a' }],
    ['a nickname with "!"', { DeviceNickname: 'Orca!' }],
    ['a nickname of 21 characters', { DeviceNickname: 'a'.repeat(21) }],
    ['an unknown DeviceType', { DeviceType: 'TOASTER' }],
    ['a missing Code', { Code: undefined }],
  ])('activate-device with %s', async (_name, overrides) => {
    const before = await snapshot();
    const res = await post('gina', 'activate-device', activationBody(WATCH_B, overrides));
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.ErrorCode).toBe('REQUEST_INVALID');
    expect(body.Error).toMatch(/^Invalid request: body\./);
    expect(body.Issues?.map((issue) => issue.Path)).toEqual([expect.stringMatching(/^body\./)]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a nickname with "!"', { DeviceNickname: 'Hi!' }],
    ['a nickname of 21 characters', { DeviceNickname: 'b'.repeat(21) }],
    ['an unknown DeviceType', { DeviceType: 'TOASTER' }],
    ['a DeviceID that is not a positive integer', { DeviceID: 'one' }],
  ])('save-device with %s', async (_name, overrides) => {
    const [device] = await devicesOf('bob');
    const before = await snapshot();
    const res = await post('bob', 'save-device', { ...device, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a DeviceID of 0', { DeviceID: 0 }],
    ['no DeviceID', {}],
  ])('remove-device with %s', async (_name, payload) => {
    const before = await snapshot();
    const res = await post('bob', 'remove-device', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('addMonthsUtc (the trial length, policy §9 "Free trial 1 month")', () => {
  it.each([
    ['2026-03-15T10:20:30.000Z', '2026-04-15T10:20:30.000Z'],
    ['2026-01-31T23:59:00.000Z', '2026-02-28T23:59:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2027-01-31T12:00:00.000Z'],
  ])('%s + 1 month = %s', (from, to) => {
    expect(new Date(addMonthsUtc(Date.parse(from), 1)).toISOString()).toBe(to);
  });
});
