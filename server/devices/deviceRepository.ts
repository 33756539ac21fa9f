import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Device, DeviceInput } from '../../src/api/entities/device';
import { DeviceType } from '../../src/api/enums';
import type { Db } from '../db/database';
import type { DevicesTable } from '../db/schema';
import { newIngestKey } from './ingestKey';

/** A device id that is unknown or not the caller's (one error for both: no ownership oracle). */
export class DeviceNotFoundError extends Error {
  override readonly name = 'DeviceNotFoundError';
  constructor(readonly deviceId: number) {
    super(`No device ${deviceId}`);
  }
}

/** A save-device body whose Imei, DeviceType or AtlasDeviceID differs from the stored device. */
export class DeviceMismatchError extends Error {
  override readonly name = 'DeviceMismatchError';
  constructor(readonly deviceId: number) {
    super(`Imei, DeviceType and AtlasDeviceID of device ${deviceId} cannot be changed`);
  }
}

type DeviceRow = Pick<
  Selectable<DevicesTable>,
  | 'device_id'
  | 'atlas_device_id'
  | 'device_nickname'
  | 'imei'
  | 'device_type'
  | 'ingest_key'
  | 'registered_at'
>;

const DEVICE_COLUMNS = [
  'device_id',
  'atlas_device_id',
  'device_nickname',
  'imei',
  'device_type',
  'ingest_key',
  'registered_at',
] as const;

/**
 * The API form of an owned device row (app §3 "Device"). `IngestKey` is shown to the owner of a
 * SMARTPHONE_APP device only, to set up a phone tracker app; hardware devices carry theirs inside.
 */
function toDevice(row: DeviceRow, subscriptionExpiryMs: number | null): Device {
  const deviceType = z.catch(DeviceType, 'UNKNOWN').parse(row.device_type);
  return {
    DeviceID: row.device_id,
    AtlasDeviceID: row.atlas_device_id,
    DeviceNickname: row.device_nickname,
    Imei: row.imei,
    DeviceType: deviceType,
    RegisteredTimestamp: row.registered_at ? row.registered_at.getTime() : null,
    SubscriptionExpiryTimestamp: subscriptionExpiryMs,
    ...(deviceType === 'SMARTPHONE_APP' ? { IngestKey: row.ingest_key } : {}),
  };
}

/** The latest expiry (epoch ms) of the member's not-deleted subscriptions, or null (policy §3). */
async function subscriptionExpiry(db: Db, memberId: number): Promise<number | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('expiry_ms').as('expiry_ms'))
    .where('member_id', '=', memberId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.expiry_ms ?? null;
}

/**
 * The member's devices, oldest registration first (spec §7 GET devices): the caller's own only.
 * `SubscriptionExpiryTimestamp` is the member's latest not-deleted subscription expiry (epoch ms).
 */
export async function listDevices(db: Db, memberId: number): Promise<Device[]> {
  const rows = await db
    .selectFrom('devices')
    .select(DEVICE_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('registered_at')
    .orderBy('device_id')
    .execute();
  const expiry = await subscriptionExpiry(db, memberId);
  return rows.map((row) => toDevice(row, expiry));
}

/**
 * Saves the nickname of one of the member's devices (spec §7 save-device; trimmed, rules of app §5
 * already applied by the contract). Throws {@link DeviceNotFoundError} for an id that is not the
 * member's and {@link DeviceMismatchError} when Imei, DeviceType or AtlasDeviceID differ from the
 * stored device; either way nothing is written. Answers the saved device.
 */
export async function saveDeviceNickname(
  db: Db,
  memberId: number,
  input: DeviceInput,
): Promise<Device> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('devices')
      .select(DEVICE_COLUMNS)
      .where('device_id', '=', input.DeviceID)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new DeviceNotFoundError(input.DeviceID);
    if (
      row.imei !== input.Imei ||
      row.device_type !== input.DeviceType ||
      row.atlas_device_id !== input.AtlasDeviceID
    ) {
      throw new DeviceMismatchError(input.DeviceID);
    }
    await trx
      .updateTable('devices')
      .set({ device_nickname: input.DeviceNickname.trim() })
      .where('device_id', '=', input.DeviceID)
      .execute();
  });
  const saved = (await listDevices(db, memberId)).find((d) => d.DeviceID === input.DeviceID);
  if (!saved) throw new DeviceNotFoundError(input.DeviceID);
  return saved;
}

/**
 * Releases one of the member's devices (spec §7 remove-device; policy §4 "Removal releases the device
 * for another user"): owner, registration date and nickname cleared, `released_at` set, and the ingest
 * key rotated so the previous owner's tracker can no longer post. The subscription stays with the
 * member (policy §4 "The subscription does not transfer"). Throws {@link DeviceNotFoundError} for an id
 * that is not the member's, writing nothing. Answers the member's remaining devices.
 */
export async function removeDevice(db: Db, memberId: number, deviceId: number): Promise<Device[]> {
  const released = await db
    .updateTable('devices')
    .set({
      member_id: null,
      registered_at: null,
      released_at: new Date(),
      device_nickname: '',
      ingest_key: newIngestKey(),
    })
    .where('device_id', '=', deviceId)
    .where('member_id', '=', memberId)
    .returning('device_id')
    .executeTakeFirst();
  if (!released) throw new DeviceNotFoundError(deviceId);
  return listDevices(db, memberId);
}
