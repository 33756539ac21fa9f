import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db/database';
import {
  OUTBOX_CLAIM_BATCH,
  OUTBOX_CLAIM_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  createOutbox,
  outboxRetryDelayMs,
  storeOutboxMessages,
} from '../../../server/outbox/outbox';
import type { Transport } from '../../../server/outbox/transport';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * Outbox claims (docs/decisions.md "Notifications and the outbox"): a message is handed over once,
 * whether two server processes deliver from one database at once or a round meets an identity
 * e-mail being sent; a claim left by a process that died is taken again after the lease.
 */

const NOW = Date.UTC(2026, 10, 29, 18, 0, 0);
const quiet = { error: () => undefined };

/** Resolves once `done()` holds, looking after each turn of the event loop. */
async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** A transport recording each recipient, every hand-over yielding to the event loop first. */
function recordingTransport(sent: string[]): Transport {
  return {
    deliver: async (message) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message.to);
    },
  };
}

const sms = (n: number) => ({
  channel: 'sms' as const,
  to: `+47900${String(n).padStart(5, '0')}`,
  subject: 'Alert',
  body: 'Ingrid asked for help',
});

let database: TestDatabase;
// A second pool on the same database: the second server process.
let otherProcessDb: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  otherProcessDb = openDb({ url: database.url, max: 2 });
});

afterAll(async () => {
  await otherProcessDb.destroy();
  await database.drop();
});

beforeEach(async () => {
  await database.db.deleteFrom('outbox_messages').execute();
});

describe('outbox claims', () => {
  it('two processes delivering at once hand every message over exactly once', async () => {
    const count = 2 * OUTBOX_CLAIM_BATCH + 7;
    await storeOutboxMessages(
      database.db,
      Array.from({ length: count }, (_, n) => sms(n)),
      NOW,
    );
    const sent: string[] = [];
    const first = createOutbox(database.db, recordingTransport(sent), quiet, () => NOW);
    const second = createOutbox(otherProcessDb, recordingTransport(sent), quiet, () => NOW);

    const [a, b] = await Promise.all([first.deliverPending(), second.deliverPending()]);

    expect(a.delivered + b.delivered).toBe(count);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
    const pending = await database.db
      .selectFrom('outbox_messages')
      .select('message_id')
      .where('delivered_ms', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });

  it('a round does not take an e-mail that send() is handing over', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    let handingOver = false;
    const slowTransport: Transport = {
      deliver: async (message) => {
        handingOver = true;
        await new Promise<void>((resolve) => (release = resolve));
        sent.push(message.to);
      },
    };
    const identity = createOutbox(database.db, slowTransport, quiet, () => NOW);
    const sending = identity.send({
      channel: 'email',
      to: 'ingrid@example.com',
      subject: 'Your code',
      body: '123456',
      code: '123456',
    });
    await waitUntil(() => handingOver);

    const otherProcess = createOutbox(otherProcessDb, recordingTransport(sent), quiet, () => NOW);
    expect(await otherProcess.deliverPending()).toEqual({ delivered: 0, alertIds: [] });

    release();
    await sending;
    expect(sent).toEqual(['ingrid@example.com']);
  });

  it("takes a dead process's claim again only after the lease", async () => {
    await storeOutboxMessages(database.db, [sms(1)], NOW);
    // A process claimed it and died before handing it over.
    await database.db.updateTable('outbox_messages').set({ claimed_ms: NOW }).execute();
    const sent: string[] = [];
    let clock = NOW + OUTBOX_CLAIM_LEASE_MS - 1;
    const outbox = createOutbox(database.db, recordingTransport(sent), quiet, () => clock);

    expect((await outbox.deliverPending()).delivered).toBe(0);
    clock = NOW + OUTBOX_CLAIM_LEASE_MS + 1;
    expect((await outbox.deliverPending()).delivered).toBe(1);
    expect(sent).toEqual([sms(1).to]);
  });
});

describe('outbox claims of a round that stalls or fails', () => {
  it('a round slower than the lease hands over only what is still its own', async () => {
    await storeOutboxMessages(database.db, [sms(1), sms(2), sms(3)], NOW);
    const sent: string[] = [];
    let release: () => void = () => undefined;
    let stalled = false;
    const stalling: Transport = {
      deliver: async (message) => {
        if (!stalled) {
          stalled = true;
          await new Promise<void>((resolve) => (release = resolve));
        }
        sent.push(message.to);
      },
    };
    // The round claims its batch at NOW and reaches its first hand-over late in the lease (the
    // batch before it was slow); the hand-over itself then stalls past the batch's lease.
    let clockReads = 0;
    const slowClock = () => (clockReads++ === 0 ? NOW : NOW + OUTBOX_CLAIM_LEASE_MS - 1_000);
    const slow = createOutbox(database.db, stalling, quiet, slowClock);
    const slowRound = slow.deliverPending();
    await waitUntil(() => stalled);
    // Another process finds the batch's untouched claims run out and takes those.
    const later = NOW + OUTBOX_CLAIM_LEASE_MS + 1;
    const other = createOutbox(otherProcessDb, recordingTransport(sent), quiet, () => later);
    expect((await other.deliverPending()).delivered).toBe(2);
    release();
    expect((await slowRound).delivered).toBe(1);
    expect(sent.sort()).toEqual([sms(1).to, sms(2).to, sms(3).to]);
  });

  it('a round that fails midway gives back what it did not try', async () => {
    await storeOutboxMessages(database.db, [sms(1), sms(2), sms(3)], NOW);
    const sent: string[] = [];
    // Recording the second message's failure fails (as a lost database connection would).
    const failing: Transport = {
      deliver: (message) =>
        message.to === sms(2).to ? Promise.reject(new Error('busy')) : Promise.resolve(),
    };
    const broken = createOutbox(
      database.db,
      failing,
      {
        error: () => {
          throw new Error('log lost');
        },
      },
      () => NOW,
    );
    await expect(broken.deliverPending()).rejects.toThrow('log lost');
    // The next round, at once: the third message goes; the second's fate is unknown, so it
    // waits for the lease.
    const next = createOutbox(database.db, recordingTransport(sent), quiet, () => NOW + 1);
    expect((await next.deliverPending()).delivered).toBe(1);
    expect(sent).toEqual([sms(3).to]);
  });
});

describe('outbox retries (docs/decisions.md "Notifications and the outbox")', () => {
  /** A transport refusing its first `failures` hand-overs, recording every try. */
  function flakyTransport(failures: number, tries: string[]): Transport {
    return {
      deliver: async (message) => {
        await Promise.resolve();
        tries.push(message.to);
        if (tries.length <= failures) throw new Error('502 Bad Gateway');
      },
    };
  }
  const stateOf = async () =>
    database.db
      .selectFrom('outbox_messages')
      .select(['attempts', 'next_attempt_ms', 'given_up_ms', 'delivered_ms', 'delivery_error'])
      .executeTakeFirstOrThrow();

  it('tries a refused hand-over again once its wait is over, not before, and delivers it', async () => {
    await storeOutboxMessages(database.db, [sms(1)], NOW);
    const tries: string[] = [];
    let now = NOW;
    const outbox = createOutbox(database.db, flakyTransport(1, tries), quiet, () => now);

    expect((await outbox.deliverPending()).delivered).toBe(0);
    expect(await stateOf()).toMatchObject({
      attempts: 1,
      next_attempt_ms: NOW + outboxRetryDelayMs(1),
      given_up_ms: null,
      delivery_error: '502 Bad Gateway',
    });
    now = NOW + outboxRetryDelayMs(1) - 1;
    await outbox.deliverPending();
    expect(tries).toHaveLength(1);
    now = NOW + outboxRetryDelayMs(1);
    expect((await outbox.deliverPending()).delivered).toBe(1);
    expect(tries).toHaveLength(2);
    expect(await stateOf()).toMatchObject({ delivered_ms: now, given_up_ms: null });
  });

  it(`gives a message up after ${String(OUTBOX_MAX_ATTEMPTS)} refused tries, and tries it no more`, async () => {
    await storeOutboxMessages(database.db, [sms(2)], NOW);
    const tries: string[] = [];
    let now = NOW;
    const outbox = createOutbox(database.db, flakyTransport(Infinity, tries), quiet, () => now);
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      await outbox.deliverPending();
      const { next_attempt_ms } = await stateOf();
      if (next_attempt_ms !== null) now = next_attempt_ms;
    }
    expect(tries).toHaveLength(OUTBOX_MAX_ATTEMPTS);
    expect(await stateOf()).toMatchObject({
      attempts: OUTBOX_MAX_ATTEMPTS,
      given_up_ms: now,
      delivered_ms: null,
    });
    now += 24 * 3_600_000;
    await outbox.deliverPending();
    expect(tries).toHaveLength(OUTBOX_MAX_ATTEMPTS);
  });

  it('waits 15 s after the first failure, doubling to at most 10 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(outboxRetryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000, 600_000,
    ]);
  });
});
