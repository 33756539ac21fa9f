import { beforeAll, describe, expect, it } from 'vitest';
import { base32Decode } from '../../../../server/shares/base32';
import { revokeShare } from '../../../../server/shares/shareService';
import { SHARE_PASS_TTL_MS } from '../../../../server/shares/sharePass';
import { totp } from '../../../../server/shares/totp';
import { connectProbe } from '../socketProbe';
import {
  HOUR,
  MINUTE,
  T0,
  addWearer,
  registerViewingServer,
  share,
  sosActivity,
  type Wearer,
} from './viewingServer';

/*
 * A TOTP share's viewer enters the code once (activity-sharing with ShareTotp) and gets a pass cookie
 * (server/shares/sharePass.ts): the calls that carry no code — messages, notes, resolve, the socket's
 * verify-socket-user — then open the share with the pass, for that share only, while it lives.
 */

const server = registerViewingServer();
const SHARE_NOT_FOUND = { ErrorCode: 'NOT_FOUND', Error: 'Share not found' };
const BASE = '/api/member-integration-public';

let wanda: Wearer;
let live = { activityId: 0, alertId: 0 };

beforeAll(async () => {
  wanda = await addWearer(server, 'wanda@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wanda);
});

/** A TOTP share of Wanda's live activity: its token and its current code. */
async function totpShare() {
  const created = await share(server, wanda.memberId, { kind: 'activity', ...live }, true);
  const secret = base32Decode(created.totpSecret ?? '');
  return { created, code: () => totp(secret, server.now) };
}

function call(name: string, payload: object, cookie?: string) {
  return server.app.inject({
    method: 'POST',
    url: `${BASE}/${name}`,
    payload,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

/** Opens the share with its code; answers the pass cookie as the browser sends it back. */
async function openWithCode(token: string, code: string): Promise<string> {
  const res = await call('activity-sharing', { ShareToken: token, ShareTotp: code });
  expect(res.statusCode).toBe(200);
  const [cookie] = res.cookies;
  expect(cookie).toMatchObject({ path: '/api/', httpOnly: true, sameSite: 'Strict' });
  expect(cookie?.maxAge).toBe(SHARE_PASS_TTL_MS / 1000);
  return `${cookie?.name}=${cookie?.value}`;
}

describe('the TOTP pass of a share viewer', () => {
  it('lets the calls without a code open the share once the code checked out', async () => {
    const { created, code } = await totpShare();
    const thread = { ShareToken: created.token, ActivityId: live.activityId };
    expect((await call('message-load-thread', thread)).json()).toEqual(SHARE_NOT_FOUND);

    const pass = await openWithCode(created.token, code());
    server.now += 20 * MINUTE; // the code is long stale; the pass is not
    expect((await call('message-load-thread', thread, pass)).statusCode).toBe(200);
    expect((await call('activity-sharing', { ShareToken: created.token }, pass)).statusCode).toBe(
      200,
    );
    // The page keeps sending the link's code, long stale: with the pass it is no wrong guess.
    const stale = { ShareToken: created.token, ShareTotp: '000000' };
    for (let i = 0; i < 12; i += 1) {
      expect((await call('activity-sharing', stale, pass)).statusCode).toBe(200);
    }
    // Another share's code is never the pass of this one.
    const other = await totpShare();
    const res = await call('activity-sharing', { ShareToken: other.created.token }, pass);
    expect([res.statusCode, res.json()]).toEqual([404, SHARE_NOT_FOUND]);
  });

  it('gives no pass for a share without a code, nor when the code is wrong', async () => {
    const plain = await share(server, wanda.memberId, { kind: 'activity', ...live });
    expect((await call('activity-sharing', { ShareToken: plain.token })).cookies).toEqual([]);
    const { created } = await totpShare();
    const wrong = await call('activity-sharing', {
      ShareToken: created.token,
      ShareTotp: '000000',
    });
    expect([wrong.statusCode, wrong.cookies]).toEqual([404, []]);
  });

  it('ends with its time, and with the share', async () => {
    const first = await totpShare();
    const pass = await openWithCode(first.created.token, first.code());
    server.now += SHARE_PASS_TTL_MS + MINUTE;
    const expired = await call('activity-sharing', { ShareToken: first.created.token }, pass);
    expect([expired.statusCode, expired.json()]).toEqual([404, SHARE_NOT_FOUND]);

    const second = await totpShare();
    const fresh = await openWithCode(second.created.token, second.code());
    await revokeShare(server.database.db, {
      memberId: wanda.memberId,
      shareId: second.created.shareId,
      nowMs: server.now,
    });
    const revoked = await call('activity-sharing', { ShareToken: second.created.token }, fresh);
    expect([revoked.statusCode, revoked.json()]).toEqual([404, SHARE_NOT_FOUND]);
  });

  it("verifies the viewer's socket with the pass", async () => {
    const { created, code } = await totpShare();
    const probe = await connectProbe(server.origin, server.probes);
    const verify = { ShareToken: created.token, SocketID: probe.id };
    expect((await call('verify-socket-user', verify)).json()).toEqual({ Success: false });
    const pass = await openWithCode(created.token, code());
    server.now += HOUR;
    expect((await call('verify-socket-user', verify, pass)).json()).toEqual({ Success: true });
  });
});
