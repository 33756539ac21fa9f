import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, createTestDatabase, type TestDatabase } from '../testServer';
import {
  MemoryStorage,
  amz,
  clientPool,
  latestCode,
  listen,
  poolOf,
  signIn,
  userOf,
} from './identityKit';

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

const signUp = (email: string, password: string) =>
  amz(app, 'SignUp', {
    ClientId: poolOf(app).clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });

describe('an unconfirmed sign-up does not hold its address (spec §5)', () => {
  it("cannot be used to take over the owner's account", async () => {
    const email = 'victim@example.com';
    expect((await signUp(email, 'Attacker#Pass1')).status).toBe(200);
    // The owner signs up with their own password: the unconfirmed sign-up gives way.
    expect((await signUp(email, 'Owner#Pass123')).status).toBe(200);
    const confirm = await amz(app, 'ConfirmSignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      ConfirmationCode: await latestCode(database.db, email),
    });
    expect(confirm.status).toBe(200);
    const storage = new MemoryStorage();
    const pool = clientPool(app, origin, storage);
    await expect(signIn(userOf(pool, email, storage), 'Attacker#Pass1')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    const session = await signIn(userOf(pool, email, storage), 'Owner#Pass123');
    expect(session.getIdToken().decodePayload()).toMatchObject({ email, email_verified: true });
  });

  it('a confirmed account keeps its address', async () => {
    const email = 'owner2@example.com';
    await signUp(email, 'Owner#Pass123');
    await amz(app, 'ConfirmSignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      ConfirmationCode: await latestCode(database.db, email),
    });
    const again = await signUp(email, 'Attacker#Pass1');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ __type: 'UsernameExistsException' });
  });
});
