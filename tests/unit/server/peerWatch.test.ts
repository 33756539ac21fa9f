import { describe, expect, it } from 'vitest';
import { MessageType, type ClusterMessage } from 'socket.io-adapter';
import { createPeerWatch, publishOnlyToPeers } from '../../../server/realtime/peerWatch';

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

describe('publishOnlyToPeers: aloneNow', () => {
  const timeoutMs = 10_000;

  /** An adapter as ClusterAdapterWithHeartbeat keeps its peers (`nodesMap`), or without the field. */
  function fakeAdapter(nodesMap?: Map<string, number>) {
    return {
      doPublish: () => Promise.resolve('offset'),
      ...(nodesMap ? { nodesMap } : {}),
    };
  }

  it('reads the peers the adapter holds right now, under the watch’s timeout', () => {
    let nowMs = 0;
    const watch = createPeerWatch(timeoutMs, () => nowMs);
    const nodes = new Map<string, number>();
    const adapter = publishOnlyToPeers(fakeAdapter(nodes), watch);
    watch.listened();
    expect(adapter.aloneNow()).toBe(false);
    nowMs = timeoutMs;
    expect(adapter.aloneNow()).toBe(true);
    nodes.set('other-node', nowMs);
    expect(adapter.aloneNow()).toBe(false);
    nodes.delete('other-node');
    expect(adapter.aloneNow()).toBe(true);
  });

  it('is never alone when the adapter keeps no `nodesMap` to read', () => {
    let nowMs = 0;
    const watch = createPeerWatch(timeoutMs, () => nowMs);
    const adapter = publishOnlyToPeers(fakeAdapter(), watch);
    watch.listened();
    nowMs = timeoutMs;
    expect(watch.alone(1)).toBe(true);
    expect(adapter.aloneNow()).toBe(false);
  });
});

describe('publishOnlyToPeers: doPublish', () => {
  it('keeps a plain broadcast local exactly while aloneNow, and publishes everything else', async () => {
    let nowMs = 0;
    const watch = createPeerWatch(10_000, () => nowMs);
    const nodes = new Map<string, number>();
    const published: MessageType[] = [];
    const adapter = publishOnlyToPeers(
      {
        nodesMap: nodes,
        doPublish: (message: ClusterMessage) => {
          published.push(message.type);
          return Promise.resolve('offset');
        },
      },
      watch,
    );
    const broadcast = {
      type: MessageType.BROADCAST,
      data: { packet: {}, opts: { rooms: [], except: [] } },
    } as unknown as ClusterMessage;
    const emit = {
      type: MessageType.SERVER_SIDE_EMIT,
      data: { packet: [] },
    } as unknown as ClusterMessage;
    watch.listened();
    nowMs = 10_000;
    expect(await adapter.doPublish(broadcast)).toBe('');
    expect(await adapter.doPublish(emit)).toBe('offset');
    nodes.set('other-node', nowMs);
    expect(await adapter.doPublish(broadcast)).toBe('offset');
    expect(published).toEqual([MessageType.SERVER_SIDE_EMIT, MessageType.BROADCAST]);
  });
});
