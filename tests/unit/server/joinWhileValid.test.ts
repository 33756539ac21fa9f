import { describe, expect, it } from 'vitest';
import { joinWhileValid } from '../../../server/realtime/verifySocketUserRoute';

/*
 * verify-socket-user joins a share viewer's rooms and then checks the share again
 * (server/realtime/verifySocketUserRoute.ts `joinWhileValid`), so a revocation that commits between
 * the first check and the join cannot leave the socket in a revoked share's rooms after the
 * revocation disconnected its viewers.
 */

/** A socket in `rooms` that records its joins and leaves and runs `during` at the join. */
function fakeSocket(rooms: string[], during: () => void = () => undefined) {
  const held = new Set(rooms);
  const calls: string[] = [];
  return {
    rooms: held,
    calls,
    join: (add: readonly string[]) => {
      for (const room of add) held.add(room);
      calls.push(`join ${add.join(',')}`);
      during();
      return Promise.resolve();
    },
    leave: (remove: readonly string[]) => {
      for (const room of remove) held.delete(room);
      calls.push(`leave ${remove.join(',')}`);
      return Promise.resolve();
    },
  };
}

describe('joinWhileValid', () => {
  it('keeps the rooms when the share is still valid after the join', async () => {
    const socket = fakeSocket([]);
    expect(
      await joinWhileValid(socket, ['share:a', 'activity:7'], () => Promise.resolve(true)),
    ).toBe(true);
    expect([...socket.rooms].sort()).toEqual(['activity:7', 'share:a']);
  });

  it('leaves the rooms it joined when the share was revoked meanwhile, and answers false', async () => {
    let revoked = false;
    // The revocation commits while the socket joins: after the first check, before the second.
    const socket = fakeSocket([], () => {
      revoked = true;
    });
    expect(
      await joinWhileValid(socket, ['share:a', 'activity:7'], () => Promise.resolve(!revoked)),
    ).toBe(false);
    expect(socket.rooms.size).toBe(0);
    expect(socket.calls).toEqual(['join share:a,activity:7', 'leave share:a,activity:7']);
  });

  it('keeps the rooms the socket was in before (another share of the same activity)', async () => {
    const socket = fakeSocket(['share:b', 'activity:7']);
    expect(
      await joinWhileValid(socket, ['share:a', 'activity:7'], () => Promise.resolve(false)),
    ).toBe(false);
    expect([...socket.rooms].sort()).toEqual(['activity:7', 'share:b']);
  });

  it('counts a check that fails (the database unreachable) as not valid', async () => {
    const socket = fakeSocket([]);
    expect(await joinWhileValid(socket, ['share:a'], () => Promise.reject(new Error('down')))).toBe(
      false,
    );
    expect(socket.rooms.size).toBe(0);
  });
});
