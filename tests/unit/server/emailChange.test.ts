import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../../src/api/entities/member';
import {
  MemoryStorage,
  clientPool,
  latestCode,
  listen,
  signIn,
  userOf,
} from './identity/identityKit';
import { signedUpIdToken } from './signedUpMember';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await listen(app);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const memberToken = (email: string, password?: string) =>
  signedUpIdToken(app, database.db, origin, email, password);

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

describe('change-email-step-1 and -2 (spec §4 two-step e-mail change)', () => {
  it('sends a code to the new address and, with it, moves identity and member to it', async () => {
    const token = await memberToken('old@example.com');
    await post('/authapi/member/login-member-c2/en', token, {});
    const step1 = await post('/authapi/member/change-email-step-1', token, {
      NewEmailAddress: 'new@example.com',
    });
    expect(step1.json()).toEqual({ Success: true });
    const code = await latestCode(database.db, 'new@example.com');

    const wrong = await post('/authapi/member/change-email-step-2', token, {
      NewEmailAddress: 'new@example.com',
      VerificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ Success: false, ErrorCode: 'CODE_INVALID' });

    const step2 = await post('/authapi/member/change-email-step-2', token, {
      NewEmailAddress: 'new@example.com',
      VerificationCode: code,
    });
    expect(step2.json()).toEqual({ Success: true });
    const member = Member.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/authapi/member/get-member',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(member.Email).toBe('new@example.com');
    // The identity signs in with the new address.
    const storage = new MemoryStorage();
    const session = await signIn(
      userOf(clientPool(app, origin, storage), 'new@example.com', storage),
      'Fjord#Paddle7',
    );
    expect(session.getIdToken().decodePayload()).toMatchObject({
      email: 'new@example.com',
      email_verified: true,
    });

    // The code was used up: no change_email code is left for this user.
    const left = await database.db
      .selectFrom('identity_codes')
      .select('sub')
      .where('purpose', '=', 'change_email')
      .where('destination', '=', 'new@example.com')
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses an address a verified account holds, and sends nothing', async () => {
    await memberToken('taken@example.com');
    const token = await memberToken('mover@example.com');
    const res = await post('/authapi/member/change-email-step-1', token, {
      NewEmailAddress: 'TAKEN@example.com',
    });
    expect(res.json()).toEqual({ Success: false });
    const sent = await database.db
      .selectFrom('outbox_messages')
      .select('message_id')
      .where('subject', 'like', 'Confirm your new%')
      .where('recipient', '=', 'TAKEN@example.com')
      .execute();
    expect(sent).toHaveLength(0);
  });

  it('answers not available (Success false), not a 500, when an account holds the address unverified', async () => {
    // Data from before migration 0026: an account whose address was changed and never verified.
    await memberToken('holder@example.com');
    await database.db
      .updateTable('identity_users')
      .set({ email: 'unverified@example.com', email_verified: false })
      .where('email', '=', 'holder@example.com')
      .execute();
    const token = await memberToken('mover@example.com');
    await post('/authapi/member/login-member-c2/en', token, {});
    const step1 = await post('/authapi/member/change-email-step-1', token, {
      NewEmailAddress: 'unverified@example.com',
    });
    expect(step1.json()).toEqual({ Success: true });
    const step2 = await post('/authapi/member/change-email-step-2', token, {
      NewEmailAddress: 'unverified@example.com',
      VerificationCode: await latestCode(database.db, 'unverified@example.com'),
    });
    expect([step2.statusCode, step2.json()]).toEqual([200, { Success: false }]);
  });

  it('answers CODE_EXPIRED when no code was requested', async () => {
    const token = await memberToken('norequest@example.com');
    const res = await post('/authapi/member/change-email-step-2', token, {
      NewEmailAddress: 'elsewhere@example.com',
      VerificationCode: '123456',
    });
    expect(res.json()).toEqual({ Success: false, ErrorCode: 'CODE_EXPIRED' });
  });

  it('needs an ID token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/change-email-step-1',
      payload: { NewEmailAddress: 'x@example.com' },
    });
    expect(res.statusCode).toBe(401);
  });
});
