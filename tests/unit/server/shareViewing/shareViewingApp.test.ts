import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../../../server/http/errorHandler';
import { shareViewingRoutes } from '../../../../server/shareViewing/shareViewingRoutes';
import { SHARE_VIEWER_RATE_LIMIT } from '../../../../server/shares/shareRateLimit';
import { createShare } from '../../../../server/shares/shareService';
import { insertActivity, insertMember } from '../shares/shareFixtures';
import { registerListeningTestServer } from '../signedUpMember';
import { connectProbe, type Probe } from '../socketProbe';

/*
 * The shared-viewing calls as server/app.ts wires them (buildServer): registered under
 * member-integration-public, one share verifier for the calls and the viewer sockets, and the per-IP
 * budget of server/shares/shareRateLimit.ts around them.
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
    const limited = await sharing({ ShareToken: token }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ErrorCode: 'RATE_LIMITED' });
    expect((await sharing({ ShareToken: token }, '198.51.100.3')).statusCode).toBe(200);
  });
});

describe('a share verifier that cannot read the database', () => {
  it('answers 503 UNKNOWN rather than "Share not found"', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    await app.register(shareViewingRoutes, {
      db: server.database.db,
      shareTokens: {
        verify: () => Promise.reject(new Error('database unavailable')),
        issuePass: () => Promise.reject(new Error('database unavailable')),
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
