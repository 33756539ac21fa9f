import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishNotificationResults } from '../../../../server/alerts/notificationChanges';
import { createOutbox, storeOutboxMessages } from '../../../../server/outbox/outbox';
import type { OutgoingMessage, Transport } from '../../../../server/outbox/transport';
import type { EntityChanges } from '../../../../src/api/socket';
import { addTestMember } from '../deviceFixtures';
import { createTestDatabase, type TestDatabase } from '../testServer';

/*
 * A notification's delivery result reaches the member's open activity (docs/activities.md
 * "Contacts"): the outbox answers which alerts' notifications got a result, and each alert's member
 * hears an Alert `updated` change, which reloads the activity's detail (activityChangeEpics.ts).
 */

const NOW = Date.UTC(2026, 10, 29, 15, 0, 0);

/** Resolves once `done()` holds, looking after each turn of the event loop. */
async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** A member with an open ASSISTANCE alert (no activity); answers their ids. */
async function memberWithAlert(n: number) {
  const memberId = await addTestMember(database.db, {
    sub: `told-${String(n)}`,
    email: `told-${String(n)}@example.com`,
    nameFirst: 'Told',
    nameLast: String(n),
    activityTypes: ['KAYAKING'],
  });
  const { wearer_id: wearerId } = await database.db
    .selectFrom('members')
    .select('wearer_id')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const { alert_id: alertId } = await database.db
    .insertInto('alerts')
    .values({
      member_id: memberId,
      activity_id: null,
      alert_type: 'ASSISTANCE',
      severity: 4,
      close_state: 'OPEN',
      closure_reason: null,
      closed_by_actor: null,
      opened_ms: NOW,
      closed_ms: null,
      lon: 6,
      lat: 59,
      body_position: null,
      paused_until_ms: null,
      device_id: null,
      value: null,
      updated_ms: NOW,
      closed_by_name: null,
      resolve_text: null,
    })
    .returning('alert_id')
    .executeTakeFirstOrThrow();
  return { memberId, wearerId, alertId };
}

const message = (to: string, alertId?: number) => ({
  channel: 'sms' as const,
  to,
  subject: 'Alert',
  body: 'Ingrid asked for help',
  ...(alertId === undefined ? {} : { alertId, recipientName: 'Erik' }),
});

describe('notification delivery results (docs/activities.md "Contacts")', () => {
  it("tells each alert's member once per delivery round, delivered or failed", async () => {
    const [first, second] = [await memberWithAlert(1), await memberWithAlert(2)];
    await storeOutboxMessages(
      database.db,
      [
        message('+4790000001', first.alertId),
        message('+4790000002', first.alertId),
        message('+4790000003'),
        message('+4790000004', second.alertId),
      ],
      NOW,
    );
    const sent: OutgoingMessage[] = [];
    const transport: Transport = {
      deliver: (outgoing) => {
        if (outgoing.to === '+4790000002') return Promise.reject(new Error('busy'));
        sent.push(outgoing);
        return Promise.resolve();
      },
    };
    const outbox = createOutbox(database.db, transport, { error: () => undefined }, () => NOW);

    const delivery = await outbox.deliverPending();
    expect(delivery).toEqual({ delivered: 3, alertIds: [first.alertId, second.alertId] });
    expect(sent.map((outgoing) => outgoing.to)).toEqual([
      '+4790000001',
      '+4790000003',
      '+4790000004',
    ]);

    const published: [number, EntityChanges][] = [];
    await publishNotificationResults(
      database.db,
      (memberId, changes) => published.push([memberId, changes]),
      delivery.alertIds,
      NOW + 1000,
    );
    const change = (who: typeof first) => ({
      EntityType: 'Alert',
      EntityId: who.alertId,
      ChangeType: 'updated',
      Timestamp: NOW + 1000,
      WearerID: who.wearerId,
      ActivityId: null,
    });
    expect(published).toEqual([
      [first.memberId, [change(first)]],
      [second.memberId, [change(second)]],
    ]);

    // Nothing left to try: no result, nobody told.
    expect(await outbox.deliverPending()).toEqual({ delivered: 0, alertIds: [] });
  });

  it('hands every message over once when deliveries are asked for while one runs', async () => {
    const { alertId } = await memberWithAlert(4);
    await storeOutboxMessages(database.db, [message('+4790000006', alertId)], NOW);
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const transport: Transport = {
      deliver: async (outgoing) => {
        sent.push(outgoing.to);
        // The first message waits, so the later calls arrive while the first round runs.
        if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const outbox = createOutbox(database.db, transport, { error: () => undefined }, () => NOW);
    const first = outbox.deliverPending();
    await waitUntil(() => sent.length === 1);
    // An alert stores another message meanwhile, and two deliveries are asked for.
    await storeOutboxMessages(database.db, [message('+4790000007', alertId)], NOW);
    const [second, third] = [outbox.deliverPending(), outbox.deliverPending()];
    release();
    expect(await first).toEqual({ delivered: 1, alertIds: [alertId] });
    expect(await second).toEqual({ delivered: 1, alertIds: [alertId] });
    expect(await third).toEqual({ delivered: 1, alertIds: [alertId] });
    expect(sent).toEqual(['+4790000006', '+4790000007']);
  });

  it('tries nothing and tells nobody without a transport (the embedded mode)', async () => {
    const { alertId } = await memberWithAlert(3);
    await storeOutboxMessages(database.db, [message('+4790000005', alertId)], NOW);
    const outbox = createOutbox(database.db, null, { error: () => undefined }, () => NOW);
    expect(await outbox.deliverPending()).toEqual({ delivered: 0, alertIds: [] });
    const published: number[] = [];
    await publishNotificationResults(database.db, (memberId) => published.push(memberId), [], NOW);
    expect(published).toEqual([]);
  });
});
