import type { ChangeType, EntityChanges } from '../../src/api/socket';

/** Whose message changed and where: the member's `wearerId`, the thread and the message (ids). */
export interface ChangedMessage {
  readonly wearerId: number;
  readonly activityId: number;
  readonly threadId: number;
  readonly messageId: number;
}

/**
 * What the member's sockets hear once a message change has committed (app §7 EntityChanges, §4
 * "messages refresh on change events"; src/api/socket.ts), with `Timestamp` `nowMs` (epoch ms), in
 * this order:
 * - `MessageThread` `threadChange` ('created' for the activity's first message, else 'updated'):
 *   the thread's message list changed;
 * - `MessageWearer` `messageChange` for the message itself: 'created' when sent, 'updated' when the
 *   device reported DELIVERED or SEEN or the wearer replied (its WearerMessageState changed).
 * Both carry the `WearerID` and `ActivityId`, so a client reloads only that activity's thread.
 */
export function messageChanges(
  changed: ChangedMessage,
  kinds: { readonly thread: ChangeType; readonly message: ChangeType },
  nowMs: number,
): EntityChanges {
  const common = {
    Timestamp: nowMs,
    WearerID: changed.wearerId,
    ActivityId: changed.activityId,
  };
  return [
    {
      EntityType: 'MessageThread',
      EntityId: changed.threadId,
      ChangeType: kinds.thread,
      ...common,
    },
    {
      EntityType: 'MessageWearer',
      EntityId: changed.messageId,
      ChangeType: kinds.message,
      ...common,
    },
  ];
}

/** What a committed message change publishes: the `changes` for member `memberId`'s sockets. */
export interface MessagePublication {
  readonly memberId: number;
  readonly changes: EntityChanges;
}
