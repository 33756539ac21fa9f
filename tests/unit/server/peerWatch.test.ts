import { describe, expect, it } from 'vitest';
import { createPeerWatch } from '../../../server/realtime/peerWatch';

describe('createPeerWatch', () => {
  const timeoutMs = 10_000;

  it('is alone only after listening without a break for the heartbeat timeout with no other node', () => {
    let nowMs = 0;
    const watch = createPeerWatch(timeoutMs, () => nowMs);
    // Not listening yet: another node could be broadcasting unheard.
    expect(watch.alone(1)).toBe(false);
    watch.listened();
    nowMs = timeoutMs - 1;
    expect(watch.alone(1)).toBe(false);
    nowMs = timeoutMs;
    expect(watch.alone(1)).toBe(true);
    // A second node counted by the adapter.
    expect(watch.alone(2)).toBe(false);
    // A LISTEN again on the same connection keeps the start of the unbroken stretch.
    watch.listened();
    expect(watch.alone(1)).toBe(true);
  });

  it('counts the timeout again from the next LISTEN once the connection was lost', () => {
    let nowMs = 0;
    const watch = createPeerWatch(timeoutMs, () => nowMs);
    watch.listened();
    nowMs = 50_000;
    watch.lost();
    expect(watch.alone(1)).toBe(false);
    nowMs = 60_000;
    watch.listened();
    nowMs = 60_000 + timeoutMs - 1;
    expect(watch.alone(1)).toBe(false);
    nowMs = 60_000 + timeoutMs;
    expect(watch.alone(1)).toBe(true);
  });
});
