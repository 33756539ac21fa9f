import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdTokenClaims } from '../../../server/identity/verifyIdToken';
import { upsertMemberFromIdentity } from '../../../server/member/memberRepository';
import { createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const claims = (overrides: Partial<IdTokenClaims> = {}): IdTokenClaims => ({
  sub: 'sub-kari',
  aud: 'web',
  iss: 'http://localhost/identity/local_Lifeline',
  token_use: 'id',
  exp: 2_000_000_000,
  iat: 1_900_000_000,
  auth_time: 1_900_000_000,
  'cognito:username': 'sub-kari',
  email: 'kari@example.com',
  email_verified: true,
  given_name: 'Kari',
  family_name: 'Nordmann',
  ...overrides,
});

describe('the member follows the identity at each member-token login (spec §4)', () => {
  it('takes the attributes the identity holds, converting the birth date to YYYY/MM/DD', async () => {
    const { member } = await upsertMemberFromIdentity(
      database.db,
      claims({ birthdate: '1985-02-03', gender: 'female', phone_number: '+4791234567' }),
      'en',
    );
    expect(member).toMatchObject({
      NameFirst: 'Kari',
      DateOfBirth: '1985/02/03',
      Sex: 'Female',
      PhoneNumber: '+4791234567',
    });
  });

  it('keeps what the member saved when the identity lacks that attribute', async () => {
    await database.db
      .updateTable('members')
      .set({ date_of_birth: '1990/05/17', sex: 'Male', phone_number: '+4798765432' })
      .where('identity_sub', '=', 'sub-kari')
      .execute();
    const { member } = await upsertMemberFromIdentity(
      database.db,
      claims({ given_name: 'Kari Anne' }),
      'no',
    );
    expect(member).toMatchObject({
      NameFirst: 'Kari Anne',
      DateOfBirth: '1990/05/17',
      Sex: 'Male',
      PhoneNumber: '+4798765432',
      // The language of messages and e-mails stays the member's: a login in Norwegian leaves the
      // English of the first login (docs/decisions.md "The member's language").
      LanguageCode: 'en',
    });
  });
});
