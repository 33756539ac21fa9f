import { describe, expect, it } from 'vitest';
import { isNetworkDown, isNetworkUp } from '../../../../src/store/network/networkEpics';
import {
  monitorSocketKey,
  realtimeSlice,
  selectMonitorSocketStatus,
  selectSocketStatusOf,
  shareSocketKey,
  socketClosed,
  socketStateChanged,
  socketVerified,
  type RealtimeState,
} from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { rootReducer } from '../../../../src/store/rootReducer';
import { startedState, testClient } from '../testDependencies';

const reduce = (...actions: Parameters<typeof realtimeSlice.reducer>[1][]) =>
  actions.reduce(realtimeSlice.reducer, realtimeSlice.reducer(undefined, { type: 'init' }));
const SHARE = shareSocketKey('token-1');
const C2 = 'https://c2.example';
const OTHER = 'https://other.example';

describe('each socket’s connection kept apart (member, share page, monitor)', () => {
  it('a share socket that drops and closes does not speak for the member’s', () => {
    const realtime = reduce(
      socketStateChanged({ state: 'connected', socketId: 'm1' }),
      socketVerified({ socketId: 'm1', success: true }),
      socketStateChanged({ state: 'connected', socketId: 's1', socketKey: SHARE }),
      socketVerified({ socketId: 's1', success: false, socketKey: SHARE }),
      socketStateChanged({ state: 'disconnected', socketId: null, socketKey: SHARE }),
    );
    expect(realtime).toMatchObject({ connection: 'connected', socketId: 'm1', verified: true });
    expect(selectSocketStatusOf({ realtime }, SHARE)).toEqual({
      connection: 'disconnected',
      socketId: null,
      attempt: null,
      verified: false,
    });
    const closed = realtimeSlice.reducer(realtime, socketClosed({ socketKey: SHARE }));
    expect(closed.others).toEqual({});
    expect(closed.connection).toBe('connected');
  });

  it('the monitor shows the worst of its sockets; a logout keeps the others', () => {
    const realtime = reduce(
      socketStateChanged({ state: 'connected', socketId: 'a', socketKey: monitorSocketKey(C2) }),
      socketStateChanged({
        state: 'reconnecting',
        socketId: null,
        attempt: 3,
        socketKey: monitorSocketKey(OTHER),
      }),
      socketStateChanged({ state: 'connected', socketId: 'm1' }),
      loggedOut({ reason: 'user' }),
    );
    expect(selectMonitorSocketStatus({ realtime })).toMatchObject({
      connection: 'reconnecting',
      attempt: 3,
    });
    expect(realtime.connection).toBe('idle');
    expect(Object.keys(realtime.others)).toHaveLength(2);
  });

  it('the whole store’s logout keeps them too, with the server clock (rootReducer)', () => {
    const before = [
      socketStateChanged({ state: 'connected', socketId: 's1', socketKey: SHARE }),
      socketStateChanged({ state: 'connected', socketId: 'm1' }),
    ].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
    const withClock = {
      ...before,
      realtime: { ...before.realtime, serverClockOffsetMs: 600_000 },
    };
    const after = rootReducer(withClock, loggedOut({ reason: 'inactivity' }));
    expect(after.realtime.connection).toBe('idle');
    expect(selectSocketStatusOf(after, SHARE)).toMatchObject({ connection: 'connected' });
    expect(after.realtime.serverClockOffsetMs).toBe(600_000);
  });
});

describe('the network check counts every open socket (spec §2, §8)', () => {
  const withRealtime = (realtime: RealtimeState, online: boolean) => {
    const started = startedState(null, testClient);
    return {
      ...started,
      runtimeConfig: {
        ...started.runtimeConfig,
        config: started.runtimeConfig.config && {
          ...started.runtimeConfig.config,
          environment: 'prod' as const,
        },
      },
      realtime,
      network: { online, lostAt: null, returnPath: null, retrying: false },
    } as unknown as Parameters<typeof isNetworkDown>[0];
  };

  it('a guest whose share socket is connected is not off the network', () => {
    const realtime = reduce(
      socketStateChanged({ state: 'connected', socketId: 's1', socketKey: SHARE }),
    );
    expect(isNetworkDown(withRealtime(realtime, false))).toBe(false);
    expect(isNetworkUp(withRealtime(realtime, true))).toBe(true);
  });

  it('a retry fails while every open socket is still reconnecting; succeeds with none open', () => {
    const reconnecting = reduce(
      socketStateChanged({ state: 'reconnecting', socketId: null, attempt: 1, socketKey: SHARE }),
    );
    expect(isNetworkUp(withRealtime(reconnecting, true))).toBe(false);
    expect(isNetworkDown(withRealtime(reconnecting, false))).toBe(true);
    const none = realtimeSlice.reducer(reconnecting, socketClosed({ socketKey: SHARE }));
    expect(isNetworkUp(withRealtime(none, true))).toBe(true);
  });
});
