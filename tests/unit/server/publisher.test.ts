import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TelemetryWearerUpdate } from '../../../src/api/socket';
import type { RealtimeServer } from '../../../server/realtime/events';
import { createPublisher } from '../../../server/realtime/publisher';

/** A socket.io server stand-in recording each emit's rooms and event. */
function recordingServer() {
  const emits: { rooms: string[]; event: string }[] = [];
  const io = {
    to: (rooms: string | string[]) => ({
      emit: (event: string) => {
        emits.push({ rooms: [rooms].flat(), event });
        return true;
      },
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
    expect(emits).toEqual([{ rooms: ['member:7', 'activity:42'], event: 'TelemetryWearerUpdate' }]);
  });

  it('asks about the member’s room alone for an update outside any activity', () => {
    const { io } = recordingServer();
    const hears = vi.fn(() => false);
    createPublisher(io, log, hears).publishTelemetry(7, update(null));
    expect(hears).toHaveBeenCalledWith(['member:7']);
  });
});
