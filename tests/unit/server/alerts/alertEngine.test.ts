import type { FastifyInstance } from 'fastify';
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  storeDecisions,
  type AlertEngineDeps,
  type RescueRouter,
} from '../../../../server/alerts/alertEngine';
import { loadWearerAlertContext } from '../../../../server/alerts/alertStore';
import type { Decision } from '../../../../server/alerts/alertState';
import { sweepAlerts } from '../../../../server/alerts/alertSweep';
import { activityDetail } from '../../../../server/activities/activityRepository';
import { rescueOrgAlertAddress } from '../../../../server/alerts/alertNotifications';
import { ingestTelemetry } from '../../../../server/telemetry/ingest';
import type { Trx } from '../../../../server/telemetry/ingestDevice';
import { closeSilentActivities } from '../../../../server/telemetry/silenceSweep';
import { ingestRoutes } from '../../../../server/telemetry/ingestRoutes';
import type { IngestBatchRequest, IngestEvent, IngestPoint } from '../../../../src/api/ingest';
import type { EmergencyContactsTable } from '../../../../server/db/schema';
import { addTestDevice } from '../deviceFixtures';
import { createTestDatabase, type TestDatabase, bareTestApp } from '../testServer';

/*
 * The alert engine on a real database, in virtual time: the ingest app runs on an injected clock and
 * the sweep is called with explicit server times (issue 5 acceptance: "Alert rules tested in virtual
 * time: SOS opens an ASSISTANCE alert at once and notifies the right contacts and, in coverage, the
 * rescue organisation; battery 15 %/5 %; no data after 3600 s; geofence exit; each closure reason").
 */

const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
/** Lysefjord, on the water (NO). */
const FJORD = { Lat: 59.0176, Lon: 6.0532 };

let database: TestDatabase;
let app: FastifyInstance;
let now = T0;
const routed: Parameters<RescueRouter>[0][] = [];

/** The test's rescue routing: Norway's partner for a known position, contacts only without one. */
const deps: AlertEngineDeps = {
  rescueRouter: (input) => {
    routed.push(input);
    return input.position ? [{ code: 'RESCUE_NO', name: 'Rescue partner Norway' }] : [];
  },
};

interface Wearer {
  readonly memberId: number;
  readonly deviceId: number;
  readonly key: string;
}

async function addWearer(email: string): Promise<Wearer> {
  const member = await database.db
    .insertInto('members')
    .values({
      identity_sub: `sub-${email}`,
      client_id: 1,
      domain_id: 'local',
      email,
      name_first: 'Astrid',
      name_last: 'Alert',
      language_code: 'en',
      country_code: 'NO',
      activity_types: ['KAYAKING'],
    })
    .returning('member_id')
    .executeTakeFirstOrThrow();
  const contact = (
    position: number,
    values: Partial<Insertable<EmergencyContactsTable>>,
  ): Insertable<EmergencyContactsTable> => ({
    member_id: member.member_id,
    position,
    name: 'Contact',
    email: null,
    phone: null,
    relationship: 'Friend',
    is_primary: position === 0,
    can_call: false,
    can_sms: false,
    share_activity: false,
    share_assistance_alert: false,
    share_emergency_alert: false,
    alert_configs: '{}',
    consent_confirmed_ms: null,
    ...values,
  });
  await database.db
    .insertInto('emergency_contacts')
    .values([
      contact(0, {
        name: 'Erik Emergency',
        email: `erik+${email}`,
        phone: '+4791234567',
        can_call: true,
        share_assistance_alert: true,
        share_emergency_alert: true,
        consent_confirmed_ms: T0 - 1000,
      }),
      contact(1, {
        name: 'Bea Battery',
        email: `bea+${email}`,
        phone: '+4798765432',
        alert_configs: JSON.stringify({ BATTERY_LOW: { Email: true, Call: false, Sms: false } }),
      }),
    ])
    .execute();
  const device = await addTestDevice(database.db, member.member_id, 'MSAFETY');
  return { memberId: member.member_id, deviceId: device.deviceId, key: device.key };
}

async function batch(
  wearer: Wearer,
  points: IngestPoint[],
  events: IngestEvent[] = [],
): Promise<void> {
  const body: IngestBatchRequest = { IngestKey: wearer.key, Points: points, Events: events };
  const response = await app.inject({ method: 'POST', url: '/ingest/batch', payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

/** `wearer` starts tracking a paddle at T0 and reports two fixes, heard as sent (T0 + 60 s). */
async function paddleReported(wearer: Wearer): Promise<void> {
  now = T0 + 60_000;
  await batch(
    wearer,
    [fix(0), fix(60, 0.001)],
    [{ Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' }],
  );
}

/** A paddle on the fjord that `wearer` starts at T0, two fixes, and an SOS at T0 + 90 s. */
async function sosWhilePaddling(wearer: Wearer, after: IngestEvent[] = []): Promise<void> {
  await batch(
    wearer,
    [fix(0), fix(60, 0.001)],
    [
      { Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
      { Time: T0 + 90_000, Type: 'SOS' },
      ...after,
    ],
  );
}

async function osmand(wearer: Wearer, params: Record<string, string | number>): Promise<void> {
  const query = new URLSearchParams({ id: wearer.key });
  for (const [name, value] of Object.entries(params)) query.set(name, `${value}`);
  const response = await app.inject({ method: 'GET', url: `/ingest/osmand?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
}

async function alertsOf(wearer: Wearer) {
  return database.db
    .selectFrom('alerts')
    .selectAll()
    .where('member_id', '=', wearer.memberId)
    .orderBy('alert_id')
    .execute();
}

async function outbox() {
  return database.db
    .selectFrom('outbox_messages')
    .select(['channel', 'recipient', 'subject', 'body'])
    .orderBy('message_id')
    .execute();
}

async function statusOf(wearer: Wearer) {
  const row = await database.db
    .selectFrom('activities')
    .select('status')
    .where('device_id', '=', wearer.deviceId)
    .orderBy('timestamp_start_ms', 'desc')
    .executeTakeFirstOrThrow();
  return row.status;
}

const fix = (seconds: number, offset = 0): IngestPoint => ({
  Time: T0 + seconds * 1000,
  Lat: FJORD.Lat + offset,
  Lon: FJORD.Lon,
  Hacc: 5,
});

/**
 * Locks `wearer`'s device row in a transaction, starts `contender` (a sweep or an ingest) and, once
 * it waits for that lock, runs `beforeCommit` in the transaction and commits; resolves when both end.
 */
async function whileDeviceHeld(
  wearer: Wearer,
  contender: () => Promise<unknown>,
  beforeCommit: (trx: Trx) => Promise<void>,
): Promise<void> {
  let contending: Promise<unknown> = Promise.resolve();
  await database.db.transaction().execute(async (trx) => {
    await sql`select 1 from devices where device_id = ${wearer.deviceId} for no key update`.execute(
      trx,
    );
    contending = contender();
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(database.db);
      if ((rows[0]?.waiting ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await beforeCommit(trx);
  });
  await contending;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = bareTestApp();
  await app.register(ingestRoutes, { db: database.db, clock: () => now, alerts: deps });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

beforeEach(async () => {
  now = T0 + 3_600_000;
  routed.length = 0;
  await database.db.deleteFrom('outbox_messages').execute();
});

describe('the alert engine on ingest (issue 5 item 3)', () => {
  it('SOS opens an ASSISTANCE alert at once, routes it and notifies the assistance contacts', async () => {
    const wearer = await addWearer('sos@example.com');
    await sosWhilePaddling(wearer);
    const [alert] = await alertsOf(wearer);
    expect(alert).toMatchObject({
      alert_type: 'ASSISTANCE',
      severity: 4,
      close_state: 'OPEN',
      opened_ms: T0 + 90_000,
      lat: FJORD.Lat + 0.001,
      lon: FJORD.Lon,
      rescue_orgs_notified: ['RESCUE_NO'],
      device_id: wearer.deviceId,
    });
    expect(alert?.activity_id).not.toBeNull();
    expect(routed).toEqual([
      {
        position: { lat: FJORD.Lat + 0.001, lon: FJORD.Lon },
        homeCountryCode: 'NO',
        waterActivity: true,
      },
    ]);
    expect(await statusOf(wearer)).toBe('ASSISTANCE');

    const sent = await outbox();
    expect(sent.map((m) => `${m.channel} ${m.recipient}`)).toEqual([
      'email erik+sos@example.com',
      'sms +4791234567',
      'call +4791234567',
      `email ${rescueOrgAlertAddress('RESCUE_NO')}`,
    ]);
    expect(sent[0]?.subject).toBe('EMERGENCY: Astrid Alert asked for assistance');
    expect(sent[0]?.body).toContain('59.01860, 6.05320');
    expect(sent[0]?.body).toContain('Rescue services told: Rescue partner Norway.');
    expect(sent[3]?.body).toContain('Erik Emergency, +4791234567 (Friend)');
    expect(sent[3]?.body).not.toContain('Bea Battery');
  });

  it("writes to the contacts in the member's language for messages and e-mails", async () => {
    const wearer = await addWearer('sprache@example.com');
    await database.db
      .updateTable('members')
      .set({ language_code: 'de' })
      .where('member_id', '=', wearer.memberId)
      .execute();
    await sosWhilePaddling(wearer);
    const [email, sms, , rescue] = await outbox();
    expect(email?.subject).toBe('NOTFALL: Astrid Alert hat um Hilfe gebeten');
    expect(email?.body).toContain('Benachrichtigte Rettungsdienste: Rescue partner Norway.');
    expect(sms?.body).toMatch(/^Astrid Alert hat um Hilfe gebeten/);
    expect(rescue?.subject).toBe('EMERGENCY: Astrid Alert asked for assistance');
  });

  it('re-sending the SOS changes nothing', async () => {
    const wearer = await addWearer('resend@example.com');
    const events: IngestEvent[] = [{ Time: T0 + 1000, Type: 'SOS' }];
    await batch(wearer, [fix(0)], events);
    await database.db.deleteFrom('outbox_messages').execute();
    await batch(wearer, [fix(0)], events);
    expect(await alertsOf(wearer)).toHaveLength(1);
    expect(await outbox()).toEqual([]);
  });

  it('an SOS on a later day, the first one never resolved, opens and notifies a new alert', async () => {
    const wearer = await addWearer('sos-again@example.com');
    await batch(wearer, [fix(0)], [{ Time: T0 + 1000, Type: 'SOS' }]);
    await database.db.deleteFrom('outbox_messages').execute();
    const DAY = 24 * 3_600_000;
    now = T0 + DAY + 3_600_000;
    await batch(wearer, [fix(DAY / 1000)], [{ Time: T0 + DAY + 1000, Type: 'SOS' }]);
    const alerts = await alertsOf(wearer);
    expect(alerts.map((a) => [a.alert_type, a.close_state, a.opened_ms])).toEqual([
      ['ASSISTANCE', 'CLOSED_BY_SYSTEM', T0 + 1000],
      ['ASSISTANCE', 'OPEN', T0 + DAY + 1000],
    ]);
    expect((await outbox()).map((m) => `${m.channel} ${m.recipient}`)).toContain(
      'email erik+sos-again@example.com',
    );
  });

  it('OsmAnd alarm=sos raises the same alert; without a position nearby it goes to contacts only', async () => {
    const wearer = await addWearer('osmand-sos@example.com');
    await batch(wearer, [], [{ Time: T0, Type: 'SOS' }]);
    expect(routed).toEqual([{ position: null, homeCountryCode: 'NO', waterActivity: false }]);
    const [alert] = await alertsOf(wearer);
    expect(alert).toMatchObject({ alert_type: 'ASSISTANCE', rescue_orgs_notified: [], lat: null });
    expect((await outbox()).map((m) => m.recipient)).not.toContain(
      rescueOrgAlertAddress('RESCUE_NO'),
    );

    const phone = await addWearer('osmand-phone@example.com');
    await osmand(phone, {
      timestamp: (T0 + 5000) / 1000,
      lat: FJORD.Lat,
      lon: FJORD.Lon,
      alarm: 'sos',
    });
    expect((await alertsOf(phone)).map((a) => [a.alert_type, a.close_state])).toEqual([
      ['ASSISTANCE', 'OPEN'],
    ]);
  });

  it('battery 15 % → BATTERY_LOW to the contact configured for it; 5 % → CRITICAL (low DEFUNCT); charging closes', async () => {
    const wearer = await addWearer('battery@example.com');
    await osmand(wearer, { timestamp: T0 / 1000, lat: FJORD.Lat, lon: FJORD.Lon, batt: 16 });
    expect(await alertsOf(wearer)).toEqual([]);
    await osmand(wearer, { timestamp: T0 / 1000 + 60, lat: FJORD.Lat, lon: FJORD.Lon, batt: 15 });
    expect((await outbox()).map((m) => `${m.channel} ${m.recipient}`)).toEqual([
      'email bea+battery@example.com',
    ]);
    await osmand(wearer, { timestamp: T0 / 1000 + 120, lat: FJORD.Lat, lon: FJORD.Lon, batt: 5 });
    await osmand(wearer, {
      timestamp: T0 / 1000 + 180,
      lat: FJORD.Lat,
      lon: FJORD.Lon,
      charge: 'true',
    });
    expect(
      (await alertsOf(wearer)).map((a) => [a.alert_type, a.close_state, a.closure_reason, a.value]),
    ).toEqual([
      ['BATTERY_LOW', 'CLOSED_BY_SYSTEM', 'DEFUNCT', 15],
      ['BATTERY_CRITICAL', 'CLOSED_BY_SYSTEM', 'CHARGING', 5],
    ]);
  });

  it('a battery alert the wearer closed is not raised again until the battery was back to normal', async () => {
    const wearer = await addWearer('held@example.com');
    const report = (seconds: number, extra: Record<string, string | number>) =>
      osmand(wearer, { timestamp: T0 / 1000 + seconds, lat: FJORD.Lat, lon: FJORD.Lon, ...extra });
    await report(0, { batt: 15 });
    await batch(wearer, [], [{ Time: T0 + 60_000, Type: 'CLOSE_ALERTS' }]);
    // Still low: no new alert, no one told again (each report is its own request and transaction).
    await report(120, { batt: 14 });
    await report(180, { batt: 14 });
    const quiet = await alertsOf(wearer);
    expect(quiet.map((a) => [a.alert_type, a.close_state, a.rearmed_ms])).toEqual([
      ['BATTERY_LOW', 'CLOSED_BY_USER', null],
    ]);
    const told = (await outbox()).length;
    // Charged past the band (20 %): rearmed, with no open alert and no zone to watch.
    await report(240, { batt: 30 });
    await report(300, { batt: 15 });
    expect(
      (await alertsOf(wearer)).map((a) => [a.alert_type, a.close_state, a.rearmed_ms]),
    ).toEqual([
      ['BATTERY_LOW', 'CLOSED_BY_USER', T0 + 240_000],
      ['BATTERY_LOW', 'OPEN', null],
    ]);
    expect((await outbox()).length).toBeGreaterThan(told);
  });

  it("a vital sensor's battery, a missed check-in and an unanswered prompt raise their own alerts", async () => {
    const wearer = await addWearer('sensors@example.com');
    await batch(
      wearer,
      [],
      [
        { Time: T0, Type: 'OXYGEN_SENSOR_BATTERY', Percent: 14 },
        { Time: T0, Type: 'TEMPERATURE_SENSOR_BATTERY', Percent: 80 },
        { Time: T0 + 1_000, Type: 'CHECK_IN_MISSED' },
        { Time: T0 + 2_000, Type: 'NO_RESPONSE' },
      ],
    );
    await batch(wearer, [], [{ Time: T0 + 60_000, Type: 'CHECK_IN' }]);
    expect(
      (await alertsOf(wearer)).map((a) => [a.alert_type, a.close_state, a.closure_reason, a.value]),
    ).toEqual([
      ['OXYGEN_BATTERY_LOW', 'OPEN', null, 14],
      ['CHECK_IN_MISSED', 'CLOSED_BY_USER', 'METRIC', null],
      ['NO_RESPONSE', 'OPEN', null, null],
    ]);
  });

  it('no data for 3600 s while tracking opens NO_DATA (sweep); data back closes it as METRIC', async () => {
    const wearer = await addWearer('nodata@example.com');
    await paddleReported(wearer);
    const lastItem = T0 + 60_000;
    await sweepAlerts(database.db, lastItem + 3_599_000, deps);
    expect(await alertsOf(wearer)).toEqual([]);
    await sweepAlerts(database.db, lastItem + 3_600_000, deps);
    expect((await alertsOf(wearer)).map((a) => [a.alert_type, a.close_state, a.value])).toEqual([
      ['NO_DATA', 'OPEN', 3600],
    ]);
    now = lastItem + 3_700_000;
    await batch(wearer, [fix(3_700, 0.002)]);
    expect((await alertsOf(wearer)).map((a) => [a.alert_type, a.closure_reason])).toEqual([
      ['NO_DATA', 'METRIC'],
    ]);
  });

  it('the sweep judges the data an ingest committed while it waited for the device, not its list', async () => {
    const wearer = await addWearer('race@example.com');
    await paddleReported(wearer);
    const sweepAt = T0 + 60_000 + 3_600_000;
    // A writer holds the device, as an ingest does: the sweep lists the device (silent for an hour,
    // as committed so far) and waits for its lock; the writer stores a fix from 10 minutes ago.
    await whileDeviceHeld(
      wearer,
      () => sweepAlerts(database.db, sweepAt, deps),
      async (trx) => {
        await trx
          .insertInto('location_points')
          .values({
            device_id: wearer.deviceId,
            device_time_ms: sweepAt - 600_000,
            activity_id: null,
            lat: FJORD.Lat,
            lon: FJORD.Lon,
            alt: null,
            hacc: 5,
            speed_mps: null,
            bearing_deg: null,
            battery_pct: null,
            heart_rate_bpm: null,
            vacc: null,
          })
          .execute();
      },
    );
    expect(await alertsOf(wearer)).toEqual([]);
  });

  it('the next sweep closes NO_DATA ended by data an ingest stored while the sweep opening it held the device', async () => {
    const wearer = await addWearer('stalewatch@example.com');
    await paddleReported(wearer);
    const sweepAt = T0 + 60_000 + 3_600_000;
    // A sweep's transaction holds the device and opens NO_DATA as the device reports again: the
    // ingest's lock statement began before the alert was in.
    now = sweepAt + 2_000;
    await whileDeviceHeld(
      wearer,
      () => batch(wearer, [{ ...fix(0, 0.002), Time: sweepAt + 1_000 }]),
      async (trx) => {
        const context = await loadWearerAlertContext(trx, wearer.memberId, sweepAt);
        const open: Decision = {
          kind: 'OPEN',
          type: 'NO_DATA',
          severity: 3,
          timeMs: sweepAt,
          value: 3600,
          position: null,
          bodyPosition: null,
        };
        await storeDecisions(trx, wearer, context, [open], sweepAt, deps);
      },
    );
    await sweepAlerts(database.db, sweepAt + 60_000, deps);
    expect(
      (await alertsOf(wearer)).map((a) => [
        a.alert_type,
        a.close_state,
        a.closure_reason,
        a.closed_ms,
      ]),
    ).toEqual([['NO_DATA', 'CLOSED_BY_SYSTEM', 'METRIC', sweepAt + 1_000]]);
  });

  it("judges no data on the device's clock: one 40 minutes slow is not silent 20 minutes after it reported", async () => {
    const wearer = await addWearer('slowclock@example.com');
    const LAG = 40 * 60_000;
    const lastItem = T0 + 60_000;
    now = lastItem + LAG;
    await batch(
      wearer,
      [fix(0), fix(60, 0.001)],
      [{ Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' }],
    );
    // 60 minutes after the newest item's device time, 20 after the server heard it.
    await sweepAlerts(database.db, now + 20 * 60_000, deps);
    expect(await alertsOf(wearer)).toEqual([]);
    await sweepAlerts(database.db, now + 3_600_000, deps);
    expect((await alertsOf(wearer)).map((a) => [a.alert_type, a.close_state, a.value])).toEqual([
      ['NO_DATA', 'OPEN', 3600],
    ]);
  });

  it("dates a time rule's alert on the device's clock, so a device 3 hours slow has it on its activity", async () => {
    const wearer = await addWearer('slowalert@example.com');
    const LAG = 3 * 3_600_000;
    now = T0 + 60_000 + LAG;
    await batch(
      wearer,
      [fix(0), fix(60, 0.001)],
      [{ Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' }],
    );
    // Silent: closed 30 minutes after the server last heard it, then no data for an hour.
    expect(await closeSilentActivities(database.db, now + 31 * 60_000, wearer.memberId)).toBe(1);
    await sweepAlerts(database.db, now + 3_600_000, deps);
    const [activity] = await database.db
      .selectFrom('activities')
      .select('activity_id')
      .where('member_id', '=', wearer.memberId)
      .execute();
    expect((await alertsOf(wearer)).map((a) => [a.alert_type, a.activity_id, a.opened_ms])).toEqual(
      [['NO_DATA', activity?.activity_id, T0 + 60_000 + 3_600_000]],
    );
  });

  it('leaving a safety zone opens GEOFENCE; coming back closes it as ZONE_SAFE', async () => {
    const wearer = await addWearer('geofence@example.com');
    await database.db
      .insertInto('zones')
      .values({
        member_id: wearer.memberId,
        name: 'Fjord',
        zone_type: 'CIRCLE',
        zone_kind: 'SAFETY',
        center_lat: FJORD.Lat,
        center_lon: FJORD.Lon,
        radius_m: 1000,
      })
      .execute();
    await batch(wearer, [fix(0)]);
    await batch(wearer, [fix(60, 0.02)]); // ≈ 2.2 km north
    await batch(wearer, [fix(120)]);
    expect(
      (await alertsOf(wearer)).map((a) => [a.alert_type, a.closure_reason, a.value?.toFixed(1)]),
    ).toEqual([['GEOFENCE', 'ZONE_SAFE', '1.2']]);
  });

  it('a beacon zone with a position is a safety circle of the 5 km geofence threshold', async () => {
    const wearer = await addWearer('beacon@example.com');
    await database.db
      .insertInto('zones')
      .values({
        member_id: wearer.memberId,
        name: 'Boathouse beacon',
        zone_type: 'BEACON',
        zone_kind: 'SAFETY',
        beacon_id: 'boathouse-1',
        center_lat: FJORD.Lat,
        center_lon: FJORD.Lon,
      })
      .execute();
    await batch(wearer, [fix(0, 0.04)]); // ≈ 4.4 km north: inside 5 km
    expect(await alertsOf(wearer)).toEqual([]);
    await batch(wearer, [fix(60, 0.05)]); // ≈ 5.6 km north
    expect((await alertsOf(wearer)).map((a) => [a.alert_type, a.value?.toFixed(1)])).toEqual([
      ['GEOFENCE', '0.6'],
    ]);
  });

  it('tracking stop closes tracking alerts; the device close command closes the rest by the wearer', async () => {
    const wearer = await addWearer('closure@example.com');
    now = T0 + 1_800_000;
    await batch(
      wearer,
      [fix(0)],
      [
        { Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
        { Time: T0 + 1000, Type: 'SOS' },
        { Time: T0 + 1_800_000, Type: 'BATTERY', Percent: 80 },
      ],
    );
    await sweepAlerts(database.db, T0 + 3_600_000, deps);
    now = T0 + 3_800_000;
    await batch(wearer, [], [{ Time: T0 + 3_700_000, Type: 'TRACKING_STOP' }]);
    await batch(wearer, [], [{ Time: T0 + 3_800_000, Type: 'CLOSE_ALERTS' }]);
    expect(
      (await alertsOf(wearer)).map((a) => [
        a.alert_type,
        a.close_state,
        a.closure_reason,
        a.closed_by_actor,
      ]),
    ).toEqual([
      ['ASSISTANCE', 'CLOSED_BY_USER', 'CLOSE_ALL_COMMAND', 'WEARER'],
      ['NO_GPS', 'CLOSED_BY_SYSTEM', 'TRACKING_STOPPED', 'SYSTEM'],
    ]);
  });

  it('a wearer who cancels the SOS while the activity runs leaves it RESOLVED', async () => {
    const wearer = await addWearer('resolved@example.com');
    now = T0 + 120_000;
    await batch(
      wearer,
      [fix(0)],
      [
        { Time: T0, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
        { Time: T0 + 1000, Type: 'SOS' },
      ],
    );
    expect(await statusOf(wearer)).toBe('ASSISTANCE');
    await batch(wearer, [fix(60)], [{ Time: T0 + 30_000, Type: 'CLOSE_ALERTS' }]);
    expect(await statusOf(wearer)).toBe('RESOLVED');
  });

  it('the activity detail carries the alerts with their rescue organisations, and the timeline', async () => {
    const wearer = await addWearer('detail@example.com');
    now = T0 + 600_000;
    await sosWhilePaddling(wearer, [{ Time: T0 + 200_000, Type: 'CLOSE_ALERTS' }]);
    const [alert] = await alertsOf(wearer);
    const detail = await activityDetail(database.db, wearer.memberId, {
      ActivityId: alert?.activity_id ?? 0,
      TimeStart: 0,
      TimeEnd: now,
    });
    expect(detail?.Alerts).toMatchObject([
      {
        AlertType: 'ASSISTANCE',
        CloseState: 'CLOSED_BY_USER',
        ClosureReason: 'CLOSE_ALL_COMMAND',
        ClosedByActorType: 'WEARER',
        Location: { X: FJORD.Lon, Y: FJORD.Lat + 0.001 },
        RescueOrgsNotified: [{ RescueOrgCode: 'RESCUE_NO', Name: 'Rescue partner Norway' }],
      },
    ]);
    expect(detail?.Status).toBe('RESOLVED');
    expect(detail?.Timeline?.map((item) => item.TimelineItemType)).toEqual([
      'ACTIVITY_START',
      'ALERT_START',
      'ALERT_CLOSED',
    ]);
  });

  it('lists on the activity\'s detail who was told, how, and whether it went out (docs/activities.md "Contacts")', async () => {
    const wearer = await addWearer('told@example.com');
    await sosWhilePaddling(wearer);
    const [alert] = await alertsOf(wearer);
    const sms = await database.db
      .selectFrom('outbox_messages')
      .select('message_id')
      .where('channel', '=', 'sms')
      .where('recipient', '=', '+4791234567')
      .executeTakeFirstOrThrow();
    // The provider took the SMS; the call was refused at every try (given up); the e-mails wait.
    await database.db
      .updateTable('outbox_messages')
      .set({ delivered_ms: now + 1000 })
      .where('message_id', '=', sms.message_id)
      .execute();
    await database.db
      .updateTable('outbox_messages')
      .set({ delivery_error: 'busy', attempts: 10, given_up_ms: now + 2000 })
      .where('channel', '=', 'call')
      .execute();
    const detail = await activityDetail(database.db, wearer.memberId, {
      ActivityId: alert?.activity_id ?? 0,
      TimeStart: 0,
      TimeEnd: now,
    });
    const told = {
      AlertID: alert?.alert_id,
      CreatedTime: now,
      RecipientName: 'Erik Emergency',
    };
    expect(detail?.Notifications).toEqual([
      {
        ...told,
        Channel: 'EMAIL',
        Recipient: 'erik+told@example.com',
        DeliveredTime: null,
        Failed: false,
      },
      {
        ...told,
        Channel: 'SMS',
        Recipient: '+4791234567',
        DeliveredTime: now + 1000,
        Failed: false,
      },
      { ...told, Channel: 'CALL', Recipient: '+4791234567', DeliveredTime: null, Failed: true },
      {
        ...told,
        RecipientName: 'Rescue partner Norway',
        Channel: 'EMAIL',
        Recipient: rescueOrgAlertAddress('RESCUE_NO'),
        DeliveredTime: null,
        Failed: false,
      },
    ]);
    // Another member asking for the activity learns nothing.
    const other = await addWearer('other-told@example.com');
    expect(
      await activityDetail(database.db, other.memberId, {
        ActivityId: alert?.activity_id ?? 0,
        TimeStart: 0,
        TimeEnd: now,
      }),
    ).toBeNull();
  });

  it('the commit names the alerts for the sockets (EntityChanges)', async () => {
    const wearer = await addWearer('commit@example.com');
    const outcome = await ingestTelemetry(
      database.db,
      wearer.key,
      { points: [fix(0)], events: [{ Time: T0 + 1000, Type: 'FALL', BodyPosition: 'LEFT_SIDE' }] },
      now,
      deps,
    );
    if (outcome.kind !== 'stored') throw new Error('stored expected');
    const [alert] = await alertsOf(wearer);
    expect(outcome.commit.alerts).toEqual([
      { alertId: alert?.alert_id, activityId: alert?.activity_id, created: true },
    ]);
    expect(alert).toMatchObject({ alert_type: 'FALL', body_position: 'LEFT_SIDE' });
  });
});
