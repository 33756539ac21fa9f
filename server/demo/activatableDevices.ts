import type { DemoActivatableDevice } from '../../src/api/dev';
import type { Db } from '../db/database';
import { activationCodeMatches } from '../devices/activationCode';
import { DEMO_DEVICES } from '../devices/registrySeed';

/**
 * The seeded demo devices (server/devices/registrySeed.ts) that no member holds and whose stored code
 * is still the seeded one, in seed order, with their plain codes (known only from the seed list) and
 * current ingest keys. Real registry devices are never listed: their plain codes are not kept.
 */
export async function listActivatableDemoDevices(db: Db): Promise<DemoActivatableDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['imei', 'device_type', 'activation_code_hash', 'ingest_key'])
    .where(
      'imei',
      'in',
      DEMO_DEVICES.map((device) => device.imei),
    )
    .where('member_id', 'is', null)
    .execute();
  const byImei = new Map(rows.map((row) => [row.imei, row]));
  return DEMO_DEVICES.flatMap((device) => {
    const row = byImei.get(device.imei);
    if (
      !row ||
      row.device_type !== device.deviceType ||
      !activationCodeMatches(row.activation_code_hash, device.imei, device.code)
    ) {
      return [];
    }
    return [
      {
        Imei: device.imei,
        Code: device.code,
        DeviceType: device.deviceType,
        IngestKey: row.ingest_key,
      },
    ];
  });
}
