import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { EntityChanges, TelemetryWearerUpdate } from '../../../src/api/socket';
import type { RealtimeServer } from '../../../server/realtime/events';
import { createPublisher } from '../../../server/realtime/publisher';

/** A socket.io server stand-in recording each emit's rooms and event. */
function recordingServer() {
  const emits: { rooms: string[]; except?: string; event: string; payload?: unknown }[] = [];
  const io = {
    to: (rooms: string | string[]) => ({
      emit: (event: string, payload?: unknown) => {
        emits.push({ rooms: [rooms].flat(), event, payload });
        return true;
      },
      except: (except: string) => ({
        emit: (event: string, payload?: unknown) => {
          emits.push({ rooms: [rooms].flat(), except, event, payload });
          return true;
        },
      }),
    }),
  };
  return { io: io as unknown as RealtimeServer, emits };
}

const log = Fastify({ logger: false }).log;

/** A valid update of wearer 70 in activity `activityId` (null: none; spec app §7 TelemetryWearerUpdate). */
function update(activityId: number | null): TelemetryWearerUpdate {
  return {
    WearerID: 70,
    ActivityId: activityId,
    Points: [],
    Battery: 80,
    Status: null,
    Heading: null,
  };
}

describe('createPublisher with an audience', () => {
  it('asks about the member’s room and the activity’s, and skips the event when no one hears', () => {
    const { io, emits } = recordingServer();
    const hears = vi.fn(() => false);
    const publisher = createPublisher(io, log, hears);
    expect(publisher.publishTelemetry(7, update(42))).toBe(true);
    expect(hears).toHaveBeenCalledWith(['member:7', 'activity:42']);
    expect(emits).toEqual([]);
    // Not even validated: a payload breaking the contract is not reported when no one would get it.
    expect(publisher.publishTelemetry(7, { bad: true } as unknown as TelemetryWearerUpdate)).toBe(
      true,
    );
    expect(emits).toEqual([]);
  });

  it('validates and emits to both rooms when someone hears', () => {
    const { io, emits } = recordingServer();
    const publisher = createPublisher(io, log, () => true);
    const valid = publisher.publishTelemetry(7, update(42));
    const broken = publisher.publishTelemetry(7, { bad: true } as unknown as TelemetryWearerUpdate);
    expect({ valid, broken }).toEqual({ valid: true, broken: false });
    expect(emits.map(({ rooms, event }) => ({ rooms, event }))).toEqual([
      { rooms: ['member:7', 'activity:42'], event: 'TelemetryWearerUpdate' },
    ]);
  });

  it('tells whether anyone hears the member or one of the activities, each room asked once', () => {
    const { io } = recordingServer();
    const hears = vi.fn((rooms: readonly string[]) => rooms.includes('activity:42'));
    const publisher = createPublisher(io, log, hears);
    expect(publisher.audible(7, [42, 43, 42])).toBe(true);
    expect(hears).toHaveBeenLastCalledWith(['member:7', 'activity:42', 'activity:43']);
    expect(publisher.audible(7, [43])).toBe(false);
    expect(hears).toHaveBeenLastCalledWith(['member:7', 'activity:43']);
  });

  it('asks about the member’s room alone for an update outside any activity', () => {
    const { io } = recordingServer();
    const hears = vi.fn(() => false);
    createPublisher(io, log, hears).publishTelemetry(7, update(null));
    expect(hears).toHaveBeenCalledWith(['member:7']);
  });
});

/** A change of `entityType` `entityId` of member 7's wearer, in activity `activityId` (null: none). */
function change(entityType: 'Activity' | 'Alert', entityId: number, activityId: number | null) {
  return {
    EntityType: entityType,
    EntityId: entityId,
    ChangeType: 'updated',
    Timestamp: 1_796_555_035_000,
    WearerID: 70,
    ActivityId: activityId,
  } as const;
}

/** Answers whether a socket hears any of `rooms`, those in `heard` being the only ones heard. */
const hearing = (...heard: string[]) =>
  vi.fn((rooms: readonly string[]) => rooms.some((room) => heard.includes(room)));

describe('createPublisher: EntityChanges with an audience', () => {
  const batch: EntityChanges = [change('Activity', 42, 42), change('Alert', 5, 43)];

  it('asks about the member’s room and each activity’s, and skips a batch no one hears', () => {
    const { io, emits } = recordingServer();
    const hears = hearing();
    const publisher = createPublisher(io, log, hears);
    expect(publisher.publishEntityChanges(7, batch)).toBe(true);
    expect(hears).toHaveBeenCalledWith(['member:7', 'activity:42', 'activity:43']);
    expect(emits).toEqual([]);
    // Not even validated: a batch breaking the contract is not reported when no one would get it.
    const broken = [{ EntityType: 'Nonsense', ActivityId: 42 }] as unknown as EntityChanges;
    expect(publisher.publishEntityChanges(7, broken)).toBe(true);
    expect(emits).toEqual([]);
  });

  it('sends a watched activity its own changes while the member is away', () => {
    const { io, emits } = recordingServer();
    createPublisher(io, log, hearing('activity:43')).publishEntityChanges(7, batch);
    expect(emits).toEqual([
      {
        rooms: ['activity:43'],
        except: 'member:7',
        event: 'EntityChanges',
        payload: [change('Alert', 5, 43)],
      },
    ]);
  });

  it('sends the member the whole batch and unwatched activities nothing', () => {
    const { io, emits } = recordingServer();
    createPublisher(io, log, hearing('member:7')).publishEntityChanges(7, batch);
    expect(emits).toEqual([{ rooms: ['member:7'], event: 'EntityChanges', payload: batch }]);
  });

  it('asks about the member’s room alone for an owner-only batch', () => {
    const { io, emits } = recordingServer();
    const hears = hearing('activity:42');
    const publisher = createPublisher(io, log, hears);
    expect(publisher.publishEntityChanges(7, batch, { ownerOnly: true })).toBe(true);
    expect(hears).toHaveBeenCalledWith(['member:7']);
    expect(emits).toEqual([]);
  });

  it('reports a batch that is not a list of changes, whoever hears', () => {
    const { io, emits } = recordingServer();
    const publisher = createPublisher(io, log, hearing('member:7'));
    for (const broken of [null, { ActivityId: 42 }, [null], [undefined, change('Alert', 5, 43)]]) {
      expect(publisher.publishEntityChanges(7, broken as unknown as EntityChanges)).toBe(false);
    }
    expect(emits).toEqual([]);
  });

  it('still refuses a batch breaking the contract when someone hears', () => {
    const { io, emits } = recordingServer();
    const broken = [{ EntityType: 'Nonsense', ActivityId: 42 }] as unknown as EntityChanges;
    expect(createPublisher(io, log, hearing('member:7')).publishEntityChanges(7, broken)).toBe(
      false,
    );
    expect(emits).toEqual([]);
  });
});
