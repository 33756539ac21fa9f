import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/database';
import { activateDevice } from '../devices/activation';
import { DEMO_DEVICES } from '../devices/registrySeed';
import { newPasswordVerifier } from '../identity/password';
import { LOCAL_USER_POOL_ID, poolNameOf } from '../identity/poolConfig';
import { randomUuid } from '../identity/random';

/*
 * The demo member of the live demo (issue 5 item 7), seeded idempotently in the embedded mode: a
 * confirmed identity with a password, a member who finished the sign-up order (terms accepted,
 * complete emergency contacts, an activated device, equipment, favourite activity types), so the
 * printed credentials open the member area straight away.
 */

/** The demo member's sign-in e-mail. */
export const DEMO_EMAIL = 'demo@lifeline.example';

/** The registry device the demo member wears: the marine safety watch (registrySeed.ts). */
const DEMO_DEVICE = DEMO_DEVICES.find((device) => device.imei === '359999000000067');

const PASSWORD_SECRET = 'demo-member-password';

/** The demo account as the demo and `GET /api/dev/demo` use it. */
export interface DemoAccount {
  readonly memberId: number;
  readonly wearerId: number;
  readonly clientId: number;
  readonly email: string;
  readonly password: string;
  readonly deviceId: number;
  readonly imei: string;
  readonly ingestKey: string;
}

/** The demo password, made once per database and kept (embedded mode only, printed at start). */
async function demoPassword(db: Db, nowMs: number): Promise<string> {
  const fresh = `Fjord-${String(randomInt(0, 1_000_000)).padStart(6, '0')}!Kayak`;
  await db
    .insertInto('server_secrets')
    .values({ name: PASSWORD_SECRET, secret: Buffer.from(fresh, 'utf8'), created_ms: nowMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', PASSWORD_SECRET)
    .executeTakeFirstOrThrow();
  return row.secret.toString('utf8');
}

async function ensureIdentity(db: Db, password: string, nowMs: number): Promise<string> {
  const existing = await db
    .selectFrom('identity_users')
    .select('sub')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  if (existing) return existing.sub;
  const sub = randomUuid(randomBytes);
  const verifier = newPasswordVerifier(randomBytes, poolNameOf(LOCAL_USER_POOL_ID), sub, password);
  await db
    .insertInto('identity_users')
    .values({
      sub,
      email: DEMO_EMAIL,
      email_verified: true,
      phone_number: '+4740000067',
      phone_number_verified: true,
      given_name: 'Ingrid',
      family_name: 'Nordvik',
      birthdate: '1988-04-12',
      gender: 'female',
      custom_country: 'NO',
      status: 'CONFIRMED',
      ...verifier,
      created_ms: nowMs,
      updated_ms: nowMs,
    })
    .execute();
  return sub;
}

async function ensureMember(db: Db, sub: string, nowMs: number) {
  const existing = await db
    .selectFrom('members')
    .select(['member_id', 'wearer_id', 'client_id'])
    .where('identity_sub', '=', sub)
    .executeTakeFirst();
  if (existing) return existing;
  const defaults = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('clients').select('client_id').where('is_default', '=', true).as('client_id'),
      eb.selectFrom('domains').select('domain_id').where('is_default', '=', true).as('domain_id'),
    ])
    .executeTakeFirstOrThrow();
  if (defaults.client_id === null || defaults.domain_id === null) {
    throw new Error('No default client or domain is seeded');
  }
  const member = await db
    .insertInto('members')
    .values({
      identity_sub: sub,
      client_id: defaults.client_id,
      domain_id: defaults.domain_id,
      email: DEMO_EMAIL,
      name_first: 'Ingrid',
      name_last: 'Nordvik',
      phone_number: '+4740000067',
      date_of_birth: '1988/04/12',
      sex: 'Female',
      language_code: 'en',
      country_code: 'NO',
      activity_types: ['KAYAKING', 'HIKING', 'SAILING', 'RUNNING', 'CYCLING'],
      terms_accepted_ms: nowMs,
    })
    .returning(['member_id', 'wearer_id', 'client_id'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('emergency_contacts')
    .values([
      {
        member_id: member.member_id,
        position: 0,
        name: 'Lars Nordvik',
        email: 'guardian@lifeline.example',
        phone: '+4740000068',
        relationship: 'Partner',
        is_primary: true,
        can_call: true,
        can_sms: true,
        share_activity: true,
        share_assistance_alert: true,
        share_emergency_alert: true,
        alert_configs: '{}',
        consent_confirmed_ms: nowMs,
      },
      {
        member_id: member.member_id,
        position: 1,
        name: 'Kari Berg',
        email: 'friend@lifeline.example',
        phone: '+4740000069',
        relationship: 'Friend',
        is_primary: false,
        can_call: false,
        can_sms: true,
        share_activity: true,
        share_assistance_alert: true,
        share_emergency_alert: false,
        alert_configs: JSON.stringify({ BATTERY_LOW: { Email: true, Call: false, Sms: false } }),
        consent_confirmed_ms: null,
      },
    ])
    .execute();
  await db
    .insertInto('equipment')
    .values({
      member_id: member.member_id,
      equipment_name: 'Sea kayak',
      equipment_type: 'VESSEL',
      vessel_type: 'KAYAK',
      brand: 'Valley',
      colour: 'Yellow',
      activities: ['KAYAKING'],
      activities_in_use: ['KAYAKING'],
    })
    .execute();
  return member;
}

/**
 * Ensures the demo account exists (creating what is missing, never changing what a user changed) and
 * answers it. The device is activated through the real activation (trial subscription included).
 * Throws when the registry lacks the demo watch or another member holds it.
 */
export async function ensureDemoAccount(db: Db, nowMs: number): Promise<DemoAccount> {
  if (!DEMO_DEVICE) throw new Error('The demo watch is missing from the device registry seed');
  const password = await demoPassword(db, nowMs);
  const sub = await ensureIdentity(db, password, nowMs);
  const member = await ensureMember(db, sub, nowMs);
  const held = await db
    .selectFrom('devices')
    .select(['device_id', 'member_id', 'ingest_key'])
    .where('imei', '=', DEMO_DEVICE.imei)
    .executeTakeFirstOrThrow();
  if (held.member_id === null) {
    const activation = await activateDevice(
      db,
      member.member_id,
      {
        Imei: DEMO_DEVICE.imei,
        Code: DEMO_DEVICE.code,
        DeviceType: DEMO_DEVICE.deviceType,
        DeviceNickname: 'Kayak watch',
      },
      nowMs,
    );
    if (activation.Error) throw new Error(`Demo watch activation: ${activation.Error.Message}`);
  } else if (held.member_id !== member.member_id) {
    throw new Error('The demo watch is activated by another member; remove it there first');
  }
  const device = await db
    .selectFrom('devices')
    .select(['device_id', 'ingest_key'])
    .where('imei', '=', DEMO_DEVICE.imei)
    .executeTakeFirstOrThrow();
  return {
    memberId: member.member_id,
    wearerId: member.wearer_id,
    clientId: member.client_id,
    email: DEMO_EMAIL,
    password,
    deviceId: device.device_id,
    imei: DEMO_DEVICE.imei,
    ingestKey: device.ingest_key,
  };
}
