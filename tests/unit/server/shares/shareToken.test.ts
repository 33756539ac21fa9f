import { randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeShareTokenClaims } from '../../../../src/api/entities/share';
import {
  createMemberTokenService,
  loadMemberTokenSecret,
} from '../../../../server/authHost/memberTokens';
import { base32Decode } from '../../../../server/shares/base32';
import {
  createShareKeyring,
  shareKeyringOf,
  type ShareKeyring,
} from '../../../../server/shares/shareKeys';
import { issueSharePass } from '../../../../server/shares/sharePass';
import {
  createShare,
  listShares,
  revokeShare,
  type CreateShareInput,
} from '../../../../server/shares/shareService';
import { ShareTargetNotFoundError } from '../../../../server/shares/shareTarget';
import { signedShareIdOf } from '../../../../server/shares/shareToken';
import { createShareTokenVerifier } from '../../../../server/shares/shareTokenVerifier';
import { totp } from '../../../../server/shares/totp';
import { TOTP_MAX_FAILURES } from '../../../../server/shares/totpFailures';
import { createTestDatabase, type TestDatabase } from '../testServer';
import { insertActivity, insertMember, sharesOf } from './shareFixtures';

/*
 * Share tokens and the share service over a real database (issue 8 item 1): what a token says, and
 * that every way a token can fail answers the same null.
 */

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const PUBLIC_URL = 'http://127.0.0.1:8080';

let database: TestDatabase;
const member = { alice: 0, bob: 0 };
const activity = { alice: 0, bob: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  member.alice = await insertMember(database.db, 'alice');
  member.bob = await insertMember(database.db, 'bob');
  activity.alice = await insertActivity(database.db, member.alice, T0 - DAY);
  activity.bob = await insertActivity(database.db, member.bob, T0 - DAY);
});

afterAll(async () => {
  await database.drop();
});

const aliceShare = (overrides: Partial<CreateShareInput> = {}) =>
  createShare(database.db, {
    memberId: member.alice,
    target: { kind: 'activity', activityId: activity.alice },
    expiresAtMs: null,
    publicUrl: PUBLIC_URL,
    nowMs: T0,
    ...overrides,
  });

/** A verifier whose clock reads `nowMs`. */
const verifierAt = (nowMs: number) => createShareTokenVerifier(database.db, { now: () => nowMs });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

/** Tokens made from a genuine one that must open nothing, nor count as signed by this server. */
const NOT_OPENING: [string, (token: string) => Promise<string> | string][] = [
  [
    'a payload changed under the old signature',
    (token) => {
      const [header, , signature] = parts(token);
      return `${header}.${b64({ ...payloadOf(token), ActivityId: activity.bob })}.${signature}`;
    },
  ],
  [
    'a changed signature',
    (token) => {
      const [header, payload, signature] = parts(token);
      const flipped = signature[5] === 'A' ? 'B' : 'A';
      return `${header}.${payload}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`;
    },
  ],
  [
    'the same claims signed with another key under the same kid',
    (token) =>
      new SignJWT(payloadOf(token))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 's1' })
        .sign(randomBytes(32)),
  ],
  [
    'an unsigned token (alg none)',
    (token) => `${b64({ alg: 'none', typ: 'JWT', kid: 's1' })}.${parts(token)[1]}.`,
  ],
  [
    'an unknown kid',
    (token) => {
      const [, payload, signature] = parts(token);
      return `${b64({ alg: 'HS256', typ: 'JWT', kid: 's9' })}.${payload}.${signature}`;
    },
  ],
  [
    'no kid',
    (token) => {
      const [, payload, signature] = parts(token);
      return `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${signature}`;
    },
  ],
  ['not a JWT', () => 'not-a-token'],
  ['an empty string', () => ''],
  ['a huge string', (token) => token.repeat(20)],
  [
    'a member token of the same server',
    async () =>
      createMemberTokenService(await loadMemberTokenSecret(database.db), () => T0).issue({
        memberId: member.alice,
        wearerId: 1,
        clientId: 1,
        domainId: 'local',
      }),
  ],
];

describe('share tokens', () => {
  it('round trip: an activity share decodes to C2Url, MemberID, ClientID, WearerID and verifies', async () => {
    const created = await aliceShare({ publicUrl: `${PUBLIC_URL}/` });
    const wearer = await database.db
      .selectFrom('members')
      .select(['wearer_id', 'client_id'])
      .where('member_id', '=', member.alice)
      .executeTakeFirstOrThrow();

    expect(created.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(created.shareId, 'base64url')).toHaveLength(16);
    expect(created.url).toBe(`${PUBLIC_URL}/share/activity/${created.token}`);
    expect(created.expiresAtMs).toBe(T0 + 7 * DAY);
    expect(created.totpSecret).toBeUndefined();
    expect(decodeProtectedHeader(created.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 's1' });
    expect(decodeShareTokenClaims(created.token)).toEqual({
      C2Url: PUBLIC_URL,
      MemberID: member.alice,
      ClientID: wearer.client_id,
      WearerID: wearer.wearer_id,
      ActivityId: activity.alice,
      exp: (T0 + 7 * DAY) / 1000,
    });
    expect(payloadOf(created.token).jti).toBe(created.shareId);

    expect(await verifierAt(T0 + 1_000).verify(created.token)).toEqual({
      shareId: created.shareId,
      c2Url: PUBLIC_URL,
      memberId: member.alice,
      clientId: wearer.client_id,
      wearerId: wearer.wearer_id,
      target: { kind: 'activity', activityId: activity.alice },
      expiresAtMs: T0 + 7 * DAY,
    });
  });

  it('round trip: a journey share has its window and a /share/journey/ link', async () => {
    const created = await aliceShare({
      target: { kind: 'journey', startMs: T0, endMs: T0 + 2 * DAY },
    });
    expect(created.url).toBe(`${PUBLIC_URL}/share/journey/${created.token}`);
    expect(created.expiresAtMs).toBe(T0 + 9 * DAY);
    expect(decodeShareTokenClaims(created.token)).toMatchObject({
      JourneyStart: T0,
      JourneyEnd: T0 + 2 * DAY,
    });
    expect(await verifierAt(T0).verify(created.token)).toMatchObject({
      shareId: created.shareId,
      target: { kind: 'journey', startMs: T0, endMs: T0 + 2 * DAY },
    });
  });

  it('gives every share of one activity its own id and token (one per guardian)', async () => {
    const [first, second] = await Promise.all([aliceShare(), aliceShare()]);
    expect(first.shareId).not.toBe(second.shareId);
    expect(first.token).not.toBe(second.token);
    await revokeShare(database.db, { memberId: member.alice, shareId: first.shareId, nowMs: T0 });
    expect(await verifierAt(T0).verify(first.token)).toBeNull();
    expect(await verifierAt(T0).verify(second.token)).not.toBeNull();
  });

  describe('every failure answers the same null', () => {
    const forged = async (mutate: (token: string) => Promise<string> | string) => {
      const created = await aliceShare();
      expect(await verifierAt(T0).verify(created.token)).not.toBeNull();
      return verifierAt(T0).verify(await mutate(created.token));
    };

    it.each(NOT_OPENING)('%s', async (_name, mutate) => {
      expect(await forged(mutate)).toBeNull();
    });

    it('an unknown share (its row gone), though the signature is genuine', async () => {
      const created = await aliceShare();
      await database.db.deleteFrom('shares').where('share_id', '=', created.shareId).execute();
      expect(await verifierAt(T0).verify(created.token)).toBeNull();
    });

    it('a revoked share', async () => {
      const created = await aliceShare();
      expect(
        await revokeShare(database.db, {
          memberId: member.alice,
          shareId: created.shareId,
          nowMs: T0,
        }),
      ).toBe(true);
      expect(await verifierAt(T0).verify(created.token)).toBeNull();
    });

    it('an expired share: at its expiry and after', async () => {
      const created = await aliceShare({ expiresAtMs: T0 + 3_600_000 });
      expect(await verifierAt(T0 + 3_599_999).verify(created.token)).not.toBeNull();
      expect(await verifierAt(T0 + 3_600_000).verify(created.token)).toBeNull();
      expect(await verifierAt(T0 + 30 * DAY).verify(created.token)).toBeNull();
    });

    it('a share whose stored expiry was brought forward (the row decides, not only exp)', async () => {
      const created = await aliceShare();
      await database.db
        .updateTable('shares')
        .set({ expires_ms: T0 + 1_000 })
        .where('share_id', '=', created.shareId)
        .execute();
      expect(await verifierAt(T0 + 1_000).verify(created.token)).toBeNull();
    });

    it('a share of a deleted activity, and of a deleted member', async () => {
      const doomed = await insertActivity(database.db, member.alice, T0 - 2 * DAY);
      const ofActivity = await aliceShare({ target: { kind: 'activity', activityId: doomed } });
      await database.db.deleteFrom('activities').where('activity_id', '=', doomed).execute();
      expect(await verifierAt(T0).verify(ofActivity.token)).toBeNull();

      const carol = await insertMember(database.db, 'carol');
      const ofMember = await createShare(database.db, {
        memberId: carol,
        target: { kind: 'journey', startMs: T0, endMs: T0 + DAY },
        expiresAtMs: null,
        publicUrl: PUBLIC_URL,
        nowMs: T0,
      });
      await database.db
        .updateTable('members')
        .set({ deleted_at: new Date(T0) })
        .where('member_id', '=', carol)
        .execute();
      expect(await verifierAt(T0).verify(ofMember.token)).toBeNull();
    });
  });

  describe('TOTP shares', () => {
    const totpShare = async () => {
      const created = await aliceShare({ withTotp: true });
      if (!created.totpSecret) throw new Error('no TOTP secret answered');
      const secret = base32Decode(created.totpSecret);
      return { created, codeAt: (ms: number) => totp(secret, ms) };
    };

    it('open with the current code or a neighbouring step’s, not with a missing or wrong one', async () => {
      const { created, codeAt } = await totpShare();
      expect(created.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      const verifier = verifierAt(T0);
      expect(await verifier.verify(created.token, codeAt(T0))).not.toBeNull();
      expect(await verifier.verify(created.token, codeAt(T0 - 30_000))).not.toBeNull();
      expect(await verifier.verify(created.token, codeAt(T0 + 30_000))).not.toBeNull();
      expect(await verifier.verify(created.token)).toBeNull();
      expect(await verifier.verify(created.token, codeAt(T0 - 90_000))).toBeNull();
      expect(await verifier.verify(created.token, '12345')).toBeNull();
    });

    it('lock after too many wrong codes, also against the right one; a missing code is no guess', async () => {
      const { created, codeAt } = await totpShare();
      const verifier = verifierAt(T0);
      for (let i = 0; i < 3 * TOTP_MAX_FAILURES; i += 1) {
        expect(await verifier.verify(created.token)).toBeNull();
      }
      expect(await verifier.verify(created.token, codeAt(T0))).not.toBeNull();
      const wrong = codeAt(T0) === '000000' ? '000001' : '000000';
      for (let i = 0; i < TOTP_MAX_FAILURES; i += 1) {
        expect(await verifier.verify(created.token, wrong)).toBeNull();
      }
      expect(await verifier.verify(created.token, codeAt(T0))).toBeNull();
    });
  });

  it('verifies tokens of an older key after the signing key changed (kid rotation)', async () => {
    const before = await aliceShare();
    const rotated = createShareKeyring(database.db, 's2', () => T0);
    const signing = await rotated.signing();
    expect(signing.kid).toBe('s2');
    expect(await rotated.byId('s1')).not.toEqual(signing.key);
    expect(await verifierAt(T0).verify(before.token)).not.toBeNull();
    const keys = await database.db
      .selectFrom('server_secrets')
      .select('name')
      .where('name', 'like', 'share-token-hs256:%')
      .orderBy('name')
      .execute();
    expect(keys.map((key) => key.name)).toEqual(['share-token-hs256:s1', 'share-token-hs256:s2']);
  });
});

describe('share ownership', () => {
  it.each([
    ["another member's activity", () => activity.bob],
    ['an unknown activity', () => 987_654_321],
  ])('refuses to share %s and writes nothing', async (_name, activityId) => {
    const before = await sharesOf(database.db, member.alice);
    await expect(
      aliceShare({ target: { kind: 'activity', activityId: activityId() } }),
    ).rejects.toThrow(ShareTargetNotFoundError);
    expect(await sharesOf(database.db, member.alice)).toEqual(before);
  });

  it("cannot revoke another member's share, which keeps opening", async () => {
    const created = await aliceShare();
    const before = await sharesOf(database.db, member.alice);
    expect(
      await revokeShare(database.db, { memberId: member.bob, shareId: created.shareId, nowMs: T0 }),
    ).toBe(false);
    expect(await sharesOf(database.db, member.alice)).toEqual(before);
    expect(await verifierAt(T0).verify(created.token)).not.toBeNull();
  });

  it('keeps the first revocation time when a share is revoked again', async () => {
    const created = await aliceShare();
    const revoke = (nowMs: number) =>
      revokeShare(database.db, { memberId: member.alice, shareId: created.shareId, nowMs });
    expect(await revoke(T0 + 1)).toBe(true);
    expect(await revoke(T0 + 2)).toBe(true);
    const row = await database.db
      .selectFrom('shares')
      .select('revoked_ms')
      .where('share_id', '=', created.shareId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_ms).toBe(T0 + 1);
  });
});

describe('listShares', () => {
  it("lists only the member's shares, newest first, with links of the open ones and no secret", async () => {
    const bobsOwn = await createShare(database.db, {
      memberId: member.bob,
      target: { kind: 'activity', activityId: activity.bob },
      expiresAtMs: null,
      publicUrl: PUBLIC_URL,
      nowMs: T0,
    });
    const open = await createShare(database.db, {
      memberId: member.bob,
      target: { kind: 'journey', startMs: T0, endMs: T0 + DAY },
      expiresAtMs: null,
      publicUrl: PUBLIC_URL,
      withTotp: true,
      nowMs: T0,
    });
    await revokeShare(database.db, { memberId: member.bob, shareId: bobsOwn.shareId, nowMs: T0 });

    const listed = await listShares(database.db, {
      memberId: member.bob,
      publicUrl: PUBLIC_URL,
      nowMs: T0,
    });
    expect(listed.map((share) => share.shareId)).toEqual([open.shareId, bobsOwn.shareId]);
    expect(listed[0]).toMatchObject({
      target: { kind: 'journey', startMs: T0, endMs: T0 + DAY },
      expiresAtMs: T0 + 8 * DAY,
      revokedAtMs: null,
      hasTotp: true,
      url: open.url,
    });
    expect(listed[1]).toMatchObject({ revokedAtMs: T0, hasTotp: false, url: null });
    expect(JSON.stringify(listed)).not.toContain(open.totpSecret);

    const later = await listShares(database.db, {
      memberId: member.bob,
      publicUrl: PUBLIC_URL,
      nowMs: T0 + 9 * DAY,
    });
    expect(later.map((share) => share.url)).toEqual([null, null]);
  });
});

describe('signedShareIdOf (the key of the share calls’ rate limit)', () => {
  const keyring = () => shareKeyringOf(database.db);

  it('answers the share id of a token this server signed, whatever its share became', async () => {
    const live = await aliceShare();
    const revoked = await aliceShare();
    await revokeShare(database.db, { memberId: member.alice, shareId: revoked.shareId, nowMs: T0 });
    const gone = await aliceShare();
    await database.db.deleteFrom('shares').where('share_id', '=', gone.shareId).execute();
    // Expired long ago (its exp is in the past): the signature is still ours.
    const expired = await aliceShare({ nowMs: T0 - 30 * DAY, expiresAtMs: T0 - 29 * DAY });
    for (const created of [live, revoked, gone, expired]) {
      expect(await signedShareIdOf(created.token, keyring())).toBe(created.shareId);
      expect(await verifierAt(T0).signedShareId(created.token)).toBe(created.shareId);
    }
  });

  it.each<[string, (token: string) => unknown]>([
    ...NOT_OPENING,
    ['no string at all', () => ({ token: 'x' })],
    ['nothing', () => undefined],
    [
      'a TOTP pass of the same share (same key, another audience)',
      async () => {
        const created = await aliceShare();
        return (await issueSharePass(keyring(), created.shareId, T0 + DAY, T0)).value;
      },
    ],
  ])('answers null for %s', async (_name, mutate) => {
    const created = await aliceShare();
    expect(await signedShareIdOf(await mutate(created.token), keyring())).toBeNull();
  });

  it('reads no key from the database: a key this process has not read yet counts as unknown', async () => {
    const created = await aliceShare();
    const byId = vi.fn(() => Promise.reject(new Error('no database here')));
    const held = new Map<string, Uint8Array>();
    const cold: ShareKeyring = {
      signing: () => Promise.reject(new Error('no database here')),
      byId,
      known: (kid) => held.get(kid) ?? null,
    };
    expect(await signedShareIdOf(created.token, cold)).toBeNull();
    const key = await keyring().byId('s1');
    if (!key) throw new Error('the share key is missing');
    held.set('s1', key);
    expect(await signedShareIdOf(created.token, cold)).toBe(created.shareId);
    expect(byId).not.toHaveBeenCalled();
  });
});
