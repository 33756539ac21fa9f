import { describe, expect, it } from 'vitest';
import { socketAudience } from '../../../server/realtime/audience';

/** An adapter whose rooms hold the given sockets, alone or not (undefined: no peer watch). */
function adapterWith(rooms: Record<string, string[]>, alone?: boolean) {
  return {
    rooms: new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)])),
    ...(alone === undefined ? {} : { aloneNow: () => alone }),
  };
}

describe('socketAudience', () => {
  it('hears a room one of this process’s sockets is in, alone or not', () => {
    const hears = socketAudience(() => adapterWith({ 'member:1': ['s1'] }, true));
    expect(hears(['member:1'])).toBe(true);
    expect(hears(['activity:9', 'member:1'])).toBe(true);
  });

  it('hears no one for rooms without a local socket when this node is alone', () => {
    const hears = socketAudience(() => adapterWith({ 'member:1': ['s1'], 'member:2': [] }, true));
    expect(hears(['member:2', 'activity:7'])).toBe(false);
    expect(hears([])).toBe(false);
  });

  it('may be heard by another node whenever this node is not known to be alone', () => {
    expect(socketAudience(() => adapterWith({}, false))(['member:2'])).toBe(true);
    // An adapter without a peer watch (no cluster adapter): nobody can say, so it may be heard.
    expect(socketAudience(() => adapterWith({}))(['member:2'])).toBe(true);
  });

  it('reads the adapter at each call', () => {
    let adapter = adapterWith({}, true);
    const hears = socketAudience(() => adapter);
    expect(hears(['member:3'])).toBe(false);
    adapter = adapterWith({ 'member:3': ['s9'] }, true);
    expect(hears(['member:3'])).toBe(true);
  });
});
