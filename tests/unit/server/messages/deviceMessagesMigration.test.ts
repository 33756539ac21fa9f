import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../../../server/db/migrations/0011_device_messages';
import { createTestDatabase, type TestDatabase } from '../testServer';
import { addActivity, addMember } from './messageFixtures';

/*
 * Issue 5 item 4, migration 0011: the database itself stores a reply once per (message, time, text)
 * and keeps a message's times ordered (sent ≤ delivered ≤ seen, seen implies delivered) and its reply
 * options 1–4; down and up again restore the same rules, dropping replies stored twice meanwhile.
 */

const T0 = Date.UTC(2025, 5, 21, 9, 0, 0);

let database: TestDatabase;
let threadId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const member = await addMember(database.db, 'wanda@example.com');
  const activityId = await addActivity(database.db, member.memberId, null, T0);
  const thread = await database.db
    .insertInto('message_threads')
    .values({ member_id: member.memberId, activity_id: activityId })
    .returning('message_thread_id')
    .executeTakeFirstOrThrow();
  threadId = thread.message_thread_id;
});

afterAll(async () => {
  await database.drop();
});

type Times = { delivered_ms?: number | null; seen_ms?: number | null; reply_options?: string[] };

async function insertMessage(times: Times = {}) {
  return database.db
    .insertInto('messages')
    .values({
      message_thread_id: threadId,
      message_text: 'Are you OK?',
      reply_options: ['No', 'Yes'],
      sender_name: 'Mum',
      sent_ms: T0,
      ...times,
    })
    .returning('message_id')
    .executeTakeFirstOrThrow();
}

async function insertReply(messageId: number, text: string, receivedMs: number) {
  await database.db
    .insertInto('message_replies')
    .values({ message_id: messageId, reply_text: text, received_ms: receivedMs })
    .execute();
}

function rules() {
  describe('messages_times_ordered, messages_reply_options', () => {
    const refused: [string, Times][] = [
      ['delivered before sent', { delivered_ms: T0 - 1 }],
      ['seen without delivered', { seen_ms: T0 + 1 }],
      ['seen before delivered', { delivered_ms: T0 + 2, seen_ms: T0 + 1 }],
      ['no reply options', { reply_options: [] }],
      ['five reply options', { reply_options: ['a', 'b', 'c', 'd', 'e'] }],
    ];
    it.each(refused)('refuses a message with %s', async (_name, times) => {
      await expect(insertMessage(times)).rejects.toThrow(/violates check constraint/);
    });

    const accepted: [string, Times][] = [
      ['in the outbox', {}],
      ['delivered when sent', { delivered_ms: T0 }],
      ['seen when delivered', { delivered_ms: T0 + 1, seen_ms: T0 + 1 }],
      ['four reply options', { reply_options: ['a', 'b', 'c', 'd'] }],
    ];
    it.each(accepted)('accepts a message %s', async (_name, times) => {
      await expect(insertMessage(times)).resolves.toEqual({
        message_id: expect.any(Number) as number,
      });
    });
  });

  describe('message_replies_once', () => {
    it('refuses the same reply at the same time twice; another time or text is a new reply', async () => {
      const { message_id } = await insertMessage();
      await insertReply(message_id, 'Yes', T0 + 5);
      await expect(insertReply(message_id, 'Yes', T0 + 5)).rejects.toThrow(/message_replies_once/);
      await insertReply(message_id, 'Yes', T0 + 6);
      await insertReply(message_id, 'No', T0 + 5);
    });
  });
}

describe('after up', rules);

describe('after down and up again', () => {
  let duplicated = 0;
  beforeAll(async () => {
    await migration.down(database.db as unknown as Kysely<unknown>);
    duplicated = (await insertMessage()).message_id;
    await insertReply(duplicated, 'Yes', T0 + 5);
    await insertReply(duplicated, 'Yes', T0 + 5);
    await insertReply(duplicated, 'No', T0 + 5);
    await migration.up(database.db as unknown as Kysely<unknown>);
  });

  it('keeps the first of replies stored twice before the constraint', async () => {
    const replies = await database.db
      .selectFrom('message_replies')
      .select(['reply_text', 'received_ms'])
      .where('message_id', '=', duplicated)
      .orderBy('message_reply_id')
      .execute();
    expect(replies).toEqual([
      { reply_text: 'Yes', received_ms: T0 + 5 },
      { reply_text: 'No', received_ms: T0 + 5 },
    ]);
  });

  rules();
});
