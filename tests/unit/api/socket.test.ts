import { describe, expect, it } from 'vitest';
import {
  EntityChanges,
  SOCKET_EVENTS,
  SOCKET_EVENT_SCHEMAS,
  SocketCommand,
  SocketInit,
  TelemetryWearerUpdate,
} from '../../../src/api/socket';

describe('socket events (app §7 "Realtime")', () => {
  it('names the four events of the spec, each with a payload schema', () => {
    expect(Object.values(SOCKET_EVENTS).sort()).toEqual([
      'EntityChanges',
      'SocketCommand',
      'SocketInit',
      'TelemetryWearerUpdate',
    ]);
    expect(Object.keys(SOCKET_EVENT_SCHEMAS).sort()).toEqual(Object.values(SOCKET_EVENTS).sort());
  });

  it('SocketInit carries the server start and build times', () => {
    const init = { ServerStartTimestamp: 1000, BuildTimestamp: null, ServerTimestamp: 2000 };
    expect(SocketInit.parse(init)).toEqual(init);
    expect(SocketInit.safeParse({ BuildTimestamp: 1 }).success).toBe(false);
  });

  it('EntityChanges is a list of typed changes', () => {
    const changes = [
      { EntityType: 'Activity', EntityId: 42, ChangeType: 'updated', Timestamp: 1, ActivityId: 42 },
      { EntityType: 'WearerReminder', EntityId: 3, ChangeType: 'deleted', Timestamp: 2 },
    ];
    expect(EntityChanges.parse(changes)).toEqual(changes);
    expect(EntityChanges.safeParse([{ ...changes[0], ChangeType: 'modified' }]).success).toBe(
      false,
    );
    expect(EntityChanges.safeParse([{ ...changes[0], EntityType: 'Member' }]).success).toBe(false);
  });

  it('TelemetryWearerUpdate carries new points, battery, status and heading', () => {
    const update = {
      WearerID: 9,
      ActivityId: 42,
      Points: [{ Time: 1000, X: 10.7, Y: 59.9, Hacc: 5, Alt: null, Speed: 1.1 }],
      Battery: 81,
      Status: 'ACTIVE',
      Heading: 359.8,
    };
    expect(TelemetryWearerUpdate.parse(update)).toEqual(update);
    expect(TelemetryWearerUpdate.safeParse({ ...update, Heading: 360 }).success).toBe(false);
    expect(TelemetryWearerUpdate.safeParse({ ...update, Battery: 101 }).success).toBe(false);
  });

  it('SocketCommand is one of the designed commands', () => {
    expect(SocketCommand.parse({ Command: 'WATCH_ACTIVITY', ActivityId: 42 })).toEqual({
      Command: 'WATCH_ACTIVITY',
      ActivityId: 42,
    });
    expect(SocketCommand.safeParse({ Command: 'WATCH_ACTIVITY' }).success).toBe(false);
    expect(SocketCommand.safeParse({ Command: 'REBOOT' }).success).toBe(false);
  });
});
