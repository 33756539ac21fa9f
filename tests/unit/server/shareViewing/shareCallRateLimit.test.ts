import { beforeAll, describe, expect, it } from 'vitest';
import { revokeShare } from '../../../../server/shares/shareService';
import {
  DAY,
  MINUTE,
  T0,
  addWearer,
  registerViewingServer,
  share,
  sosActivity,
  type Wearer,
} from './viewingServer';

/*
 * The budgets of the shared-viewing calls with real tokens (issue 8; server/shares/shareRateLimit.ts):
 * a token this server signed counts per share and client IP, anything else per IP. Small budgets
 * here; the production ones are exercised in shareViewingApp.test.ts.
 */

const PER_IP = 4;
const PER_SHARE = 6;
const server = registerViewingServer({
  perIp: { max: PER_IP, windowMs: MINUTE },
  perShare: { max: PER_SHARE, windowMs: MINUTE },
});
const SHARE_NOT_FOUND = { ErrorCode: 'NOT_FOUND', Error: 'Share not found' };
const RATE_LIMITED = {
  ErrorCode: 'RATE_LIMITED',
  Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
};

let wanda: Wearer;
let live = { activityId: 0, alertId: 0 };

beforeAll(async () => {
  wanda = await addWearer(server, 'wanda@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wanda);
});

const activityShare = () => share(server, wanda.memberId, { kind: 'activity', ...live });

/** `token` with one character of its signature changed. */
const tampered = (token: string) =>
  `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;

const sharing = (ShareToken: string, ip: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/member-integration-public/activity-sharing',
    payload: { ShareToken },
    remoteAddress: ip,
  });

/** Status and body of `n` activity-sharing calls in a row. */
async function answers(n: number, token: string, ip: string): Promise<[number, unknown][]> {
  const all: [number, unknown][] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await sharing(token, ip);
    all.push([res.statusCode, res.json()]);
  }
  return all;
}

const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('the budgets of the shared-viewing calls', () => {
  it('lets one address open more shares than its IP budget', async () => {
    const ip = '192.0.2.1';
    const codes: number[] = [];
    for (let i = 0; i < PER_IP * 3; i += 1) {
      codes.push((await sharing((await activityShare()).token, ip)).statusCode);
    }
    expect(codes).toEqual(times(PER_IP * 3, 200));
  });

  it('limits one share hammered past its budget, for that address only', async () => {
    const { token } = await activityShare();
    const ip = '192.0.2.2';
    const codes = (await answers(PER_SHARE + 1, token, ip)).map(([status]) => status);
    expect(codes).toEqual([...times(PER_SHARE, 200), 429]);
    expect((await sharing(token, ip)).json()).toEqual(RATE_LIMITED);
    expect((await sharing(token, '192.0.2.3')).statusCode).toBe(200);
    expect((await sharing((await activityShare()).token, ip)).statusCode).toBe(200);
  });

  it('limits tampered and forged tokens at the IP budget, with the same not-found till then', async () => {
    const ip = '192.0.2.4';
    const tokens = await Promise.all(
      times(PER_IP + 1, null).map(async () => tampered((await activityShare()).token)),
    );
    const got: [number, unknown][] = [];
    for (const token of tokens) {
      const res = await sharing(token, ip);
      got.push([res.statusCode, res.json()]);
    }
    expect(got).toEqual([...times(PER_IP, [404, SHARE_NOT_FOUND]), [429, RATE_LIMITED]]);
  });

  it('answers a revoked and an expired share the same not-found, counted per share like a live one', async () => {
    const revoked = await activityShare();
    await revokeShare(server.database.db, {
      memberId: wanda.memberId,
      shareId: revoked.shareId,
      nowMs: server.now,
    });
    const ip = '192.0.2.5';
    expect(await answers(PER_SHARE, revoked.token, ip)).toEqual(
      times(PER_SHARE, [404, SHARE_NOT_FOUND]),
    );
    expect((await sharing(revoked.token, ip)).statusCode).toBe(429);

    const expiring = await activityShare();
    const before = server.now;
    server.now += 8 * DAY;
    try {
      const other = '192.0.2.6';
      expect(await answers(PER_SHARE, expiring.token, other)).toEqual(
        times(PER_SHARE, [404, SHARE_NOT_FOUND]),
      );
      expect((await sharing(expiring.token, other)).statusCode).toBe(429);
      // Neither share touched the addresses' own budgets.
      for (const address of [ip, other]) {
        expect(await answers(PER_IP, tampered(expiring.token), address)).toEqual(
          times(PER_IP, [404, SHARE_NOT_FOUND]),
        );
      }
    } finally {
      server.now = before;
    }
  });
});
