import { describe, expect, it } from 'vitest';
import {
  realtimeSlice,
  selectServerClockOffsetMs,
  socketInitReceived,
} from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';

/*
 * The server clock offset (docs/decisions.md "Whose clock"): measured on each SocketInit as the
 * server's ServerTimestamp minus this device's clock when it arrived.
 */

const reduce = (...actions: Parameters<typeof realtimeSlice.reducer>[1][]) =>
  actions.reduce(realtimeSlice.reducer, realtimeSlice.reducer(undefined, { type: 'init' }));
const init = (ServerTimestamp: number, receivedAt: number, socketUrl = 'https://c2.example') =>
  socketInitReceived({
    ServerStartTimestamp: 1,
    BuildTimestamp: null,
    ServerTimestamp,
    receivedAt,
    socketUrl,
  });

describe('server clock offset', () => {
  it('is 0 before any SocketInit', () => {
    expect(selectServerClockOffsetMs({ realtime: reduce() })).toBe(0);
  });

  it('is the server time minus the arrival time; the newest SocketInit of any socket counts', () => {
    const behind = reduce(init(1_000_600_000, 1_000_000_000));
    expect(selectServerClockOffsetMs({ realtime: behind })).toBe(600_000);
    const ahead = realtimeSlice.reducer(
      behind,
      init(2_000_000_000, 2_000_030_000, 'https://other.example'),
    );
    expect(selectServerClockOffsetMs({ realtime: ahead })).toBe(-30_000);
  });

  it('outlives a logout (a share page or the monitor may still be open)', () => {
    const realtime = reduce(init(1_000_600_000, 1_000_000_000), loggedOut({ reason: 'user' }));
    expect(selectServerClockOffsetMs({ realtime })).toBe(600_000);
  });
});
