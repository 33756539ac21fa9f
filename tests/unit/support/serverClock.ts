import {
  realtimeSlice,
  socketInitReceived,
  type RealtimeState,
} from '../../../src/store/realtime/realtimeSlice';

/**
 * A SocketInit heard at `receivedAt` (this device's clock, epoch ms; default now) from a server whose
 * clock runs `aheadMs` ahead of this device's (negative: behind): the store measures that offset
 * (docs/decisions.md "Whose clock").
 */
export function serverClockAhead(
  aheadMs: number,
  receivedAt: number = Date.now(),
  socketUrl = 'https://c2.example',
) {
  return socketInitReceived({
    ServerStartTimestamp: 1,
    BuildTimestamp: null,
    ServerTimestamp: receivedAt + aheadMs,
    receivedAt,
    socketUrl,
  });
}

/** The realtime slice once {@link serverClockAhead} was heard: for a store's preloaded state. */
export function realtimeWithServerAhead(aheadMs: number, receivedAt: number): RealtimeState {
  return realtimeSlice.reducer(undefined, serverClockAhead(aheadMs, receivedAt));
}
