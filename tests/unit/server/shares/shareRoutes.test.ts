import { describe, expect, it, beforeAll } from 'vitest';
import { decodeShareTokenClaims } from '../../../../src/api/entities/share';
import { MemberShare } from '../../../../src/api/calls/memberIntegrationShares';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { insertActivity, sharesOf } from './shareFixtures';

/*
 * The member's share calls through HTTP with real member tokens (issue 8 item 1;
 * src/api/calls/memberIntegrationShares.ts, app §7 share-journey).
 */

const server = registerListeningTestServer();
const DAY = 86_400_000;
const HOST = '127.0.0.1:8080';
const token = { alice: '', bob: '' };
const member = { alice: 0, bob: 0 };
const activity = { alice: 0, bob: 0 };
type Who = keyof typeof token;

beforeAll(async () => {
  [token.alice, token.bob] = await memberIntegrationTokens(server, [
    'alice@example.com',
    'bob@example.com',
  ] as const);
  for (const who of ['alice', 'bob'] as const) {
    const row = await server.database.db
      .selectFrom('members')
      .select('member_id')
      .where('email', '=', `${who}@example.com`)
      .executeTakeFirstOrThrow();
    member[who] = row.member_id;
    activity[who] = await insertActivity(server.database.db, row.member_id, Date.now() - DAY);
  }
});

const base = '/api/member-integration';
const post = (who: Who | null, call: string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `${base}/${call}`,
    headers: { host: HOST, ...(who ? { authorization: `Bearer ${token[who]}` } : {}) },
    payload: payload as object,
  });
const list = (who: Who) =>
  server.app.inject({
    method: 'GET',
    url: `${base}/share-list`,
    headers: { host: HOST, authorization: `Bearer ${token[who]}` },
  });

interface Created {
  ShareId: string;
  ShareToken: string;
  ShareUrl: string;
  ExpiryTimestamp: number;
  TotpSecret: string | null;
}

describe('share-activity', () => {
  it('shares the member’s activity: token, link on this origin, default expiry', async () => {
    const before = Date.now();
    const res = await post('alice', 'share-activity', { ActivityId: activity.alice });
    expect(res.statusCode).toBe(200);
    const body = res.json<Created>();
    expect(body.ShareUrl).toBe(`http://${HOST}/share/activity/${body.ShareToken}`);
    expect(body.TotpSecret).toBeNull();
    expect(body.ExpiryTimestamp).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(body.ExpiryTimestamp).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(decodeShareTokenClaims(body.ShareToken)).toMatchObject({
      C2Url: `http://${HOST}`,
      MemberID: member.alice,
      ActivityId: activity.alice,
    });
    const rows = await sharesOf(server.database.db, member.alice);
    expect(rows.map((row) => row.share_id)).toContain(body.ShareId);
  });

  it('answers a TOTP secret when asked, and keeps a chosen expiry', async () => {
    const expiry = Date.now() + 2 * DAY;
    const res = await post('alice', 'share-activity', {
      ActivityId: activity.alice,
      ExpiryTimestamp: expiry,
      WithTotp: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Created>();
    expect(body.TotpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.ExpiryTimestamp).toBe(expiry);
  });

  it.each([
    ["another member's activity", () => activity.bob],
    ['an unknown activity', () => 987_654_321],
  ])('answers 404 NOT_FOUND for %s and writes nothing', async (_name, activityId) => {
    const before = await sharesOf(server.database.db, member.alice);
    const res = await post('alice', 'share-activity', { ActivityId: activityId() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ErrorCode: 'NOT_FOUND', Error: 'No such activity' });
    expect(await sharesOf(server.database.db, member.alice)).toEqual(before);
  });

  it.each([
    ['no ActivityId', {}, 'body.ActivityId'],
    ['ActivityId 0', { ActivityId: 0 }, 'body.ActivityId'],
    ['ActivityId as text', { ActivityId: 'one' }, 'body.ActivityId'],
    ['a negative expiry', { ActivityId: 1, ExpiryTimestamp: -1 }, 'body.ExpiryTimestamp'],
    ['a fractional expiry', { ActivityId: 1, ExpiryTimestamp: 1.5 }, 'body.ExpiryTimestamp'],
    ['WithTotp as text', { ActivityId: 1, WithTotp: 'yes' }, 'body.WithTotp'],
  ])('answers 400 for %s before anything is read', async (_name, payload, path) => {
    const res = await post('alice', 'share-activity', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ ErrorCode: string; Issues: { Path: string }[] }>();
    expect(body.ErrorCode).toBe('REQUEST_INVALID');
    expect(body.Issues.map((issue) => issue.Path)).toContain(path);
  });

  it.each([
    ['in the past', () => Date.now() - 1_000],
    ['under a minute away', () => Date.now() + 1_000],
    ['beyond 366 days', () => Date.now() + 367 * DAY],
  ])('answers 400 for an expiry %s and writes nothing', async (_name, expiry) => {
    const before = await sharesOf(server.database.db, member.alice);
    const res = await post('alice', 'share-activity', {
      ActivityId: activity.alice,
      ExpiryTimestamp: expiry(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ErrorCode: 'REQUEST_INVALID',
      Issues: [{ Path: 'body.ExpiryTimestamp', Message: 'Validations.InvalidValues' }],
    });
    expect(await sharesOf(server.database.db, member.alice)).toEqual(before);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const res = await post('alice', 'share-activity', [1]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});

describe('share-journey', () => {
  it('shares a journey: /share/journey/ link, a short code from the vanity stub, the stub kept', async () => {
    const start = Date.now() - DAY;
    const res = await post('bob', 'share-journey', {
      JourneyStart: start,
      JourneyEnd: start + 2 * DAY,
      VanityStub: 'bobs-trip',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ ShareToken: string; ShareUrl: string; ShortCode: string }>();
    expect(body.ShareUrl).toBe(`http://${HOST}/share/journey/${body.ShareToken}`);
    expect(body.ShortCode).toMatch(/^bobs-trip-[1-9A-HJ-NP-Za-km-z]{8}$/);
    expect(decodeShareTokenClaims(body.ShareToken)).toMatchObject({
      MemberID: member.bob,
      JourneyStart: start,
      JourneyEnd: start + 2 * DAY,
    });
    const rows = await sharesOf(server.database.db, member.bob);
    expect(rows.find((row) => row.kind === 'journey')).toMatchObject({
      vanity_stub: 'bobs-trip',
      expires_ms: start + 2 * DAY + 7 * DAY,
    });
  });

  it.each([
    ['an end before the start', { JourneyStart: 2_000, JourneyEnd: 1_000 }, 'body.JourneyEnd'],
    ['an end equal to the start', { JourneyStart: 2_000, JourneyEnd: 2_000 }, 'body.JourneyEnd'],
    ['no start', { JourneyEnd: 2_000 }, 'body.JourneyStart'],
    ['a bad vanity stub', { JourneyStart: 1, JourneyEnd: 2, VanityStub: '-x-' }, 'body.VanityStub'],
  ])('answers 400 for %s', async (_name, payload, path) => {
    const res = await post('bob', 'share-journey', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: { Path: string }[] }>().Issues.map((i) => i.Path)).toContain(path);
  });
});

describe('share-list and share-revoke', () => {
  it("lists the member's own shares only, and revokes one so its link disappears", async () => {
    const created = (
      await post('alice', 'share-activity', { ActivityId: activity.alice })
    ).json<Created>();
    const listed = await list('alice');
    expect(listed.statusCode).toBe(200);
    const shares = listed.json<{ Shares: MemberShare[] }>().Shares;
    expect(shares.every((share) => MemberShare.safeParse(share).success)).toBe(true);
    expect(shares[0]).toEqual({
      ShareId: created.ShareId,
      Kind: 'activity',
      ActivityId: activity.alice,
      JourneyStart: null,
      JourneyEnd: null,
      CreatedTimestamp: expect.any(Number) as number,
      ExpiryTimestamp: created.ExpiryTimestamp,
      RevokedTimestamp: null,
      HasTotp: false,
      ShareUrl: created.ShareUrl,
    });
    const bobs = (await list('bob')).json<{ Shares: MemberShare[] }>().Shares;
    expect(bobs.map((share) => share.ShareId)).not.toContain(created.ShareId);

    const revoked = await post('alice', 'share-revoke', { ShareId: created.ShareId });
    expect(revoked.json()).toEqual({ RevokeStatus: true });
    const after = (await list('alice')).json<{ Shares: MemberShare[] }>().Shares;
    expect(after.find((share) => share.ShareId === created.ShareId)).toMatchObject({
      RevokedTimestamp: expect.any(Number) as number,
      ShareUrl: null,
    });
  });

  it("cannot revoke another member's share: false, UNKNOWN, nothing changed", async () => {
    const created = (
      await post('alice', 'share-activity', { ActivityId: activity.alice })
    ).json<Created>();
    const before = await sharesOf(server.database.db, member.alice);
    const res = await post('bob', 'share-revoke', { ShareId: created.ShareId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      RevokeStatus: false,
      ErrorCode: 'UNKNOWN',
      Error: 'No such share',
    });
    expect(await sharesOf(server.database.db, member.alice)).toEqual(before);
  });

  it.each([
    ['no ShareId', {}],
    ['a short ShareId', { ShareId: 'abc' }],
    ['a ShareId with a slash', { ShareId: 'aaaaaaaaaa/aaaaaaaaaaaa' }],
    ['a numeric ShareId', { ShareId: 12 }],
  ])('share-revoke answers 400 for %s', async (_name, payload) => {
    const res = await post('alice', 'share-revoke', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: { Path: string }[] }>().Issues[0]?.Path).toBe('body.ShareId');
  });
});

describe('authorisation', () => {
  it.each([
    ['POST', 'share-activity', { ActivityId: 1 }],
    ['POST', 'share-journey', { JourneyStart: 1, JourneyEnd: 2 }],
    ['POST', 'share-revoke', { ShareId: 'a'.repeat(22) }],
    ['GET', 'share-list', undefined],
  ] as const)('%s %s without a member token answers 401 AUTH', async (method, call, payload) => {
    const res = await server.app.inject({
      method,
      url: `${base}/${call}`,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: 'Member not logged in' });
  });

  it('refuses a share token in place of a member token', async () => {
    const created = (
      await post('alice', 'share-activity', { ActivityId: activity.alice })
    ).json<Created>();
    const res = await server.app.inject({
      method: 'GET',
      url: `${base}/share-list`,
      headers: { authorization: `Bearer ${created.ShareToken}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a share viewer cannot save splits: a share token on member-wearer-activity-splits answers 401 and stores nothing (app §6)', async () => {
    const created = (
      await post('alice', 'share-activity', { ActivityId: activity.alice })
    ).json<Created>();
    const splitsOf = async () =>
      (
        await server.database.db
          .selectFrom('activities')
          .select('splits_settings')
          .where('activity_id', '=', activity.alice)
          .executeTakeFirstOrThrow()
      ).splits_settings;
    const before = await splitsOf();
    const res = await server.app.inject({
      method: 'POST',
      url: `${base}/member-wearer-activity-splits`,
      headers: { host: HOST, authorization: `Bearer ${created.ShareToken}` },
      payload: {
        ActivityId: activity.alice,
        SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: 2 },
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ErrorCode: 'AUTH' });
    expect(await splitsOf()).toEqual(before);
    // The same call with the member's own token saves (the refusal is the token's, not the body's).
    const own = await post('alice', 'member-wearer-activity-splits', {
      ActivityId: activity.alice,
      SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: 2 },
    });
    expect(own.json()).toMatchObject({ UpdateSuccess: true });
    expect(await splitsOf()).toMatchObject({ SplitType: 'DISTANCE_KM', Distance: 2 });
  });
});

describe('share pages', () => {
  it.each(['activity', 'journey'])(
    '/share/%s/{token} sends Referrer-Policy no-referrer and allows scripts of this origin only',
    async (kind) => {
      const created = (
        await post('alice', 'share-activity', { ActivityId: activity.alice })
      ).json<Created>();
      const res = await server.app.inject({
        method: 'GET',
        url: `/share/${kind}/${created.ShareToken}?totp=123456`,
      });
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(res.headers['content-security-policy']);
      expect(csp.split(';').map((directive) => directive.trim())).toContain("script-src 'self'");
    },
  );
});
