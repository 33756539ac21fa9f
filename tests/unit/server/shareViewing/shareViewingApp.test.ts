import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareViewingRoutes } from '../../../../server/shareViewing/shareViewingRoutes';
import { SHARE_VIEWER_RATE_LIMIT } from '../../../../server/shares/shareRateLimit';
import { createShare } from '../../../../server/shares/shareService';
import { insertActivity, insertMember } from '../shares/shareFixtures';
import { registerListeningTestServer } from '../signedUpMember';
import { connectProbe, type Probe } from '../socketProbe';
import { bareTestApp } from '../testServer';

/*
 * The shared-viewing calls as server/app.ts wires them (buildServer): registered under
 * member-integration-public, one share verifier for the calls and the viewer sockets, and the
 * production budgets of server/shares/shareRateLimit.ts around them (per share and IP for a token the
 * server signed, per IP otherwise).
 */

const server = registerListeningTestServer();
const BASE = '/api/member-integration-public';
const probes: Probe[] = [];
let token = '';
let activityId = 0;

beforeAll(async () => {
  const { db } = server.database;
  const memberId = await insertMember(db, 'wanda');
  activityId = await insertActivity(db, memberId, Date.now() - 3_600_000);
  token = (
    await createShare(db, {
      memberId,
      target: { kind: 'activity', activityId },
      expiresAtMs: null,
      publicUrl: server.origin,
      nowMs: Date.now(),
    })
  ).token;
});

afterAll(() => {
  for (const probe of probes) probe.close();
});

/** `token` with one character of its signature changed. */
const tampered = (shareToken: string) =>
  `${shareToken.slice(0, -2)}${shareToken.at(-2) === 'A' ? 'B' : 'A'}${shareToken.slice(-1)}`;

const sharing = (payload: object, ip = '198.51.100.1') =>
  server.app.inject({
    method: 'POST',
    url: `${BASE}/activity-sharing`,
    payload,
    remoteAddress: ip,
  });

describe('shared viewing in the built server', () => {
  it('opens a share through activity-sharing, and a viewer socket verifies with the same token', async () => {
    const res = await sharing({ ShareToken: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ Activity: { ActivityId: number } }>().Activity.ActivityId).toBe(activityId);
    const probe = await connectProbe(server.origin, probes);
    const verified = await server.app.inject({
      method: 'POST',
      url: `${BASE}/verify-socket-user`,
      payload: { ShareToken: token, SocketID: probe.id },
    });
    expect(verified.json()).toEqual({ Success: true });
  });

  it('answers 429 RATE_LIMITED past the per-IP budget, refused requests counted too', async () => {
    const ip = '198.51.100.2';
    const codes: number[] = [];
    for (let i = 0; i < SHARE_VIEWER_RATE_LIMIT.max; i += 1) {
      codes.push((await sharing({}, ip)).statusCode);
    }
    expect(new Set(codes)).toEqual(new Set([400]));
    const limited = await sharing({ ShareToken: tampered(token) }, ip);
    expect([limited.statusCode, limited.json()]).toEqual([
      429,
      {
        ErrorCode: 'RATE_LIMITED',
        Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
      },
    ]);
    expect((await sharing({ ShareToken: tampered(token) }, '198.51.100.3')).statusCode).toBe(404);
    // A token this server signed counts against its share's budget, not the address's.
    expect((await sharing({ ShareToken: token }, ip)).statusCode).toBe(200);
  });

  it("lets one address (an operator's monitor) load 100 shares, past the per-IP budget", async () => {
    const { db } = server.database;
    const memberId = await insertMember(db, 'fleet');
    const shares: { token: string; activityId: number }[] = [];
    for (let i = 0; i < 100; i += 1) {
      const shared = await insertActivity(db, memberId, Date.now() - (i + 2) * 3_600_000);
      const created = await createShare(db, {
        memberId,
        target: { kind: 'activity', activityId: shared },
        expiresAtMs: null,
        publicUrl: server.origin,
        nowMs: Date.now(),
      });
      shares.push({ token: created.token, activityId: shared });
    }
    const ip = '198.51.100.4';
    const codes: number[] = [];
    // What the monitor's page asks for each card: the share, then its message thread.
    for (const { token: shareToken, activityId: shared } of shares) {
      codes.push((await sharing({ ShareToken: shareToken }, ip)).statusCode);
      const thread = await server.app.inject({
        method: 'POST',
        url: `${BASE}/message-load-thread`,
        payload: { ShareToken: shareToken, ActivityId: shared },
        remoteAddress: ip,
      });
      codes.push(thread.statusCode);
    }
    expect(codes).toHaveLength(200);
    expect(codes.length).toBeGreaterThan(SHARE_VIEWER_RATE_LIMIT.max);
    expect(new Set(codes)).toEqual(new Set([200]));
  });
});

describe('a share verifier that cannot read the database', () => {
  it('answers 503 UNKNOWN rather than "Share not found"', async () => {
    const app = bareTestApp();
    await app.register(shareViewingRoutes, {
      db: server.database.db,
      shareTokens: {
        verify: () => Promise.reject(new Error('database unavailable')),
        issuePass: () => Promise.reject(new Error('database unavailable')),
        signedShareId: () => Promise.resolve(null),
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: `${BASE}/activity-sharing`,
        payload: { ShareToken: token },
      });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { ErrorCode: 'UNKNOWN', Error: 'Service unavailable, try again shortly' },
      ]);
    } finally {
      await app.close();
    }
  });
});
