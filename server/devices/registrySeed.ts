import type { DeviceType } from '../../src/api/enums';
import type { Db } from '../db/database';
import { hashActivationCode } from './activationCode';
import { newIngestKey } from './ingestKey';

/** One demo device of the registry: its IMEI (15 digits, Luhn-valid), 6-digit code and type. */
export interface DemoDevice {
  readonly imei: string;
  readonly code: string;
  readonly deviceType: DeviceType;
}

/**
 * The demo devices every database is seeded with (policy §3 "Device": IMEI 15 digits, code 6
 * digits), so the demo, e2e tests and a developer can activate devices. A production registry is
 * imported from the manufacturer; these are public on purpose, and their plain codes exist only here
 * (the database holds hashes), which is what lets `GET /api/dev/demo` list them.
 */
export const DEMO_DEVICES: readonly DemoDevice[] = [
  { imei: '359999000000018', code: '418203', deviceType: 'SMARTPHONE_APP' },
  { imei: '359999000000026', code: '527314', deviceType: 'SMARTPHONE_APP' },
  { imei: '359999000000034', code: '636425', deviceType: 'SMARTPHONE_APP' },
  { imei: '359999000000042', code: '745536', deviceType: 'MSAFETY' },
  { imei: '359999000000059', code: '854647', deviceType: 'MSAFETY' },
  { imei: '359999000000067', code: '963758', deviceType: 'MSAFETY' },
  { imei: '359999000000075', code: '172869', deviceType: 'SILVER_SHIELD' },
  { imei: '359999000000083', code: '281970', deviceType: 'BRACELET' },
  { imei: '359999000000091', code: '390181', deviceType: 'EV06_OKTAVE' },
  { imei: '359999000000109', code: '409292', deviceType: 'EV07' },
];

/** The device platform's id of a demo device (app §3 "AtlasDeviceID", external in production). */
export function demoAtlasDeviceId(imei: string): string {
  return `demo-${imei}`;
}

/**
 * Inserts {@link DEMO_DEVICES} into the registry, unassigned, each with its code hash and a fresh
 * ingest key. Idempotent: an IMEI already present keeps its row (owner, key and code included).
 * Runs from `seedDefaults` in every mode (a production registry would be imported instead).
 */
export async function seedDeviceRegistry(db: Db): Promise<void> {
  await db
    .insertInto('devices')
    .values(
      DEMO_DEVICES.map((device) => ({
        imei: device.imei,
        atlas_device_id: demoAtlasDeviceId(device.imei),
        activation_code_hash: hashActivationCode(device.imei, device.code),
        device_type: device.deviceType,
        device_nickname: '',
        ingest_key: newIngestKey(),
      })),
    )
    .onConflict((oc) => oc.column('imei').doNothing())
    .execute();
}
