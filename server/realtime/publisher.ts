import type { FastifyBaseLogger } from 'fastify';
import { Id } from '../../src/api/entities';
import { EntityChanges, TelemetryWearerUpdate } from '../../src/api/socket';
import type { RealtimeServer } from './events';
import type { ActivityMerge } from '../telemetry/mergedActivities';
import { activityRoom, memberRoom } from './rooms';

/**
 * What the rest of the server publishes to sockets (ARCHITECTURE.md §1: telemetry and the entity
 * change outbox → socket.io rooms). Each call validates its payload with the contract's schema
 * (src/api/socket.ts) and emits the parsed value, so a caller's bug sends nothing rather than garbage:
 * it returns false and logs the issues at error level. It returns true once the event is handed to
 * socket.io, which delivers it on every server node (the PostgreSQL adapter) without waiting here,
 * or when no socket anywhere could hear it (see {@link createPublisher}).
 * The adapter publishes each emit through PostgreSQL before delivering it, even on this node, so two
 * emits may reach a socket in either order: clients must not rely on the order between an
 * EntityChanges batch and a TelemetryWearerUpdate (the client store folds each on its own).
 */
export interface RealtimePublisher {
  /**
   * Live telemetry of one wearer (spec app §7 TelemetryWearerUpdate), to the member's room
   * `member:{memberId}` and, when `update.ActivityId` is set, the room `activity:{ActivityId}` of the
   * sockets watching it (only the member's own sockets until shares exist); a socket in both hears it
   * once.
   */
  publishTelemetry(memberId: number, update: TelemetryWearerUpdate): boolean;
  /**
   * One committed batch of entity changes of a member (spec app §7 EntityChanges), in commit order, to
   * `member:{memberId}`; each `activity:{ActivityId}` room's other sockets (share viewers) hear only
   * the changes of that activity. An empty batch is valid and sends nothing. With `ownerOnly`, only
   * `member:{memberId}` hears it: a change of what only the member sees (an alert's notifications,
   * docs/share-viewing.md "Equipment"), which would make every share viewer reload for nothing.
   */
  publishEntityChanges(
    memberId: number,
    changes: EntityChanges,
    options?: { readonly ownerOnly?: boolean },
  ): boolean;
  /**
   * Whether any socket, on any node, could hear an event of the member (`member:{memberId}`) or of
   * one of `activityIds` (`activity:{ActivityId}`): when false, a caller may skip building events
   * that no one would receive (the publish calls would drop them anyway).
   */
  audible(memberId: number, activityIds: Iterable<number>): boolean;
  /**
   * After a re-cut merged activities into others and committed (server/telemetry/mergedActivities.ts:
   * their shares now target the activity that took them over), every socket in a merged activity's
   * room `activity:{fromActivityId}` also joins `activity:{toActivityId}`, on every server node, so a
   * guardian watching the merged activity goes on hearing the wearer's live telemetry without
   * reconnecting. Sockets are not taken out of the old room: its activity is deleted, nothing is
   * published to it but the deletion itself.
   */
  followMergedActivities(merges: readonly ActivityMerge[]): void;
}

/**
 * The {@link RealtimePublisher} over `io`. `hears(rooms)` tells whether any socket, on any node, can
 * hear a broadcast to those rooms (audience.ts); when none can, an event is neither validated nor
 * emitted, and the call answers true (nothing was lost: there was no one to send it to); an
 * EntityChanges batch goes only to those of its rooms someone hears. Default: every broadcast may be
 * heard.
 */
export function createPublisher(
  io: RealtimeServer,
  log: FastifyBaseLogger,
  hears: (rooms: readonly string[]) => boolean = () => true,
): RealtimePublisher {
  const validMember = (memberId: number, event: string): boolean => {
    if (Id.safeParse(memberId).success) return true;
    log.error({ memberId, event }, 'realtime: not published, bad member id');
    return false;
  };
  const audible = (memberId: number, activityIds: Iterable<number>): boolean =>
    hears([memberRoom(memberId), ...[...new Set(activityIds)].map(activityRoom)]);
  return {
    audible,
    followMergedActivities(merges) {
      for (const { fromActivityId, toActivityId } of merges) {
        if (!hears([activityRoom(fromActivityId)])) continue;
        io.in(activityRoom(fromActivityId)).socketsJoin(activityRoom(toActivityId));
      }
    },
    publishTelemetry(memberId, update) {
      if (!validMember(memberId, 'TelemetryWearerUpdate')) return false;
      const heard = [memberRoom(memberId)];
      if (typeof update.ActivityId === 'number') heard.push(activityRoom(update.ActivityId));
      if (!hears(heard)) return true;
      const parsed = TelemetryWearerUpdate.safeParse(update);
      if (!parsed.success) {
        log.error(
          { memberId, issues: parsed.error.issues },
          'realtime: TelemetryWearerUpdate not published, payload breaks the contract',
        );
        return false;
      }
      io.to(heard).emit('TelemetryWearerUpdate', parsed.data);
      return true;
    },
    publishEntityChanges(memberId, changes, options) {
      if (!validMember(memberId, 'EntityChanges')) return false;
      const ownerOnly = options?.ownerOnly === true;
      // The rooms the batch would reach, read before it is checked: whoever hears none of them is
      // spared the validation and the encoding.
      // Read defensively: a caller's bad batch is the validation's to report, not to throw here.
      const activityIds =
        ownerOnly || !Array.isArray(changes)
          ? []
          : (changes as readonly unknown[]).flatMap((change) => {
              const activityId = (change as { ActivityId?: unknown } | null)?.ActivityId;
              return typeof activityId === 'number' ? [activityId] : [];
            });
      if (!audible(memberId, activityIds)) return true;
      const parsed = EntityChanges.safeParse(changes);
      if (!parsed.success) {
        log.error(
          { memberId, issues: parsed.error.issues },
          'realtime: EntityChanges not published, payload breaks the contract',
        );
        return false;
      }
      if (parsed.data.length === 0) return true;
      if (hears([memberRoom(memberId)])) {
        io.to(memberRoom(memberId)).emit('EntityChanges', parsed.data);
      }
      if (ownerOnly) return true;
      // Sockets watching one activity (share viewers) hear only that activity's changes; the member's
      // own sockets already heard the whole batch.
      const byActivity = new Map<number, EntityChanges>();
      for (const change of parsed.data) {
        if (change.ActivityId === null || change.ActivityId === undefined) continue;
        byActivity.set(change.ActivityId, [...(byActivity.get(change.ActivityId) ?? []), change]);
      }
      for (const [activityId, changes] of byActivity) {
        if (!hears([activityRoom(activityId)])) continue;
        io.to(activityRoom(activityId)).except(memberRoom(memberId)).emit('EntityChanges', changes);
      }
      return true;
    },
  };
}
