import { beforeAll, describe, expect, it } from 'vitest';
import { endExpiredViewing } from '../../../../server/shares/shareExpirySweep';
import { createShare, revokeShare } from '../../../../server/shares/shareService';
import {
  MINUTE,
  T0,
  addWearer,
  post,
  registerViewingServer,
  sosActivity,
  viewerSocket,
  type Wearer,
} from './viewingServer';

/*
 * An expired share stops showing data to viewers already watching (issue 8 item 1; docs/shares.md
 * "Expiry"): the sweep finds the shares that expired since its last run and disconnects their viewers
 * like a revocation does; the page then checks the link again and gets share-not-found.
 */

const server = registerViewingServer();
const SHARE_NOT_FOUND = { ErrorCode: 'NOT_FOUND', Error: 'Share not found' };

let wanda: Wearer;
let live = { activityId: 0, alertId: 0 };

beforeAll(async () => {
  wanda = await addWearer(server, 'wanda@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wanda);
});

function shareFor(minutes: number) {
  return createShare(server.database.db, {
    memberId: wanda.memberId,
    target: { kind: 'activity', activityId: live.activityId },
    expiresAtMs: server.now + minutes * MINUTE,
    publicUrl: server.origin,
    withTotp: false,
    nowMs: server.now,
  });
}

describe('share expiry ends live viewing', () => {
  it('disconnects the viewers of a share once it expired, and no one else', async () => {
    const short = await shareFor(2);
    const long = await shareFor(60);
    const ending = await viewerSocket(server, short.token);
    const staying = await viewerSocket(server, long.token);
    const gone = new Promise<string>((resolve) => {
      ending.socket.once('disconnect', resolve);
    });

    const disconnect = (shareId: string) => server.app.realtime.disconnectShare(shareId);
    const before = { sinceMs: server.now, nowMs: server.now + MINUTE };
    expect(await endExpiredViewing(server.database.db, before, disconnect)).toEqual([]);

    const span = { sinceMs: before.nowMs, nowMs: server.now + 2 * MINUTE };
    expect(await endExpiredViewing(server.database.db, span, disconnect)).toEqual([short.shareId]);
    expect(await gone).toBe('io server disconnect');
    // The other share's viewer still answers a round trip.
    await staying.ping();
    expect(staying.socket.connected).toBe(true);

    server.now += 2 * MINUTE;
    const res = await post(server, 'activity-sharing', { ShareToken: short.token });
    expect([res.statusCode, res.json()]).toEqual([404, SHARE_NOT_FOUND]);
  });

  it('skips a share revoked before it expired (its viewers are gone already)', async () => {
    const created = await shareFor(1);
    await revokeShare(server.database.db, {
      memberId: wanda.memberId,
      shareId: created.shareId,
      nowMs: server.now,
    });
    const span = { sinceMs: server.now, nowMs: server.now + 5 * MINUTE };
    const handled = await endExpiredViewing(server.database.db, span, () => Promise.resolve());
    expect(handled).not.toContain(created.shareId);
  });
});
