import type { Db } from '../db/database';
import type { RealtimeServer } from './events';
import { activityRoom, shareRoom, shareRoomsOf } from './rooms';

/** socket.io-adapter's BroadcastOptions, as far as these operations need them. */
interface SocketTarget {
  readonly rooms: Set<string>;
  readonly except: Set<string>;
}

/**
 * The adapter's disconnect and leave as the cluster adapters implement them: they return the
 * publishing promise and act on this node's sockets once the message is committed, though
 * socket.io-adapter's base type says void (see server/realtime/locateSocket.ts for the same with joins).
 */
interface ClusterOperations {
  disconnectSockets(opts: SocketTarget, close: boolean): Promise<void> | void;
  delSockets(opts: SocketTarget, rooms: string[]): Promise<void> | void;
}

/** The activity each of `shareIds` shares (journey shares and unknown ids are absent). */
export async function sharedActivities(
  db: Db,
  shareIds: readonly string[],
): Promise<Map<string, number>> {
  if (shareIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shares')
    .select(['share_id', 'activity_id'])
    .where('share_id', 'in', [...shareIds])
    .execute();
  const activities = new Map<string, number>();
  for (const row of rows)
    if (row.activity_id !== null) activities.set(row.share_id, row.activity_id);
  return activities;
}

/**
 * The rooms a socket in `rooms` leaves when it stops watching share `shareId`: `share:{shareId}` and,
 * unless another of its shares targets the same activity, that activity's room. `activities` holds
 * the activity of each of the socket's shares ({@link sharedActivities}).
 */
export function roomsLeavingShare(
  rooms: ReadonlySet<string>,
  shareId: string,
  activities: ReadonlyMap<string, number>,
): string[] {
  const room = shareRoom(shareId);
  const activity = activities.get(shareId);
  if (activity === undefined) return [room];
  const stillShared = shareRoomsOf(rooms).some(
    (other) => other !== room && activities.get(other.slice('share:'.length)) === activity,
  );
  return stillShared ? [room] : [room, activityRoom(activity)];
}

/** The share ids of the `share:` rooms among `rooms`. */
export function shareIdsOf(rooms: ReadonlySet<string>): string[] {
  return shareRoomsOf(rooms).map((room) => room.slice('share:'.length));
}

/**
 * Ends the live viewing of share `shareId` on every server node, after its revocation committed
 * (issue 8 item 1: "revoking a share disconnects its live viewers within 1 s"):
 * - a socket that verified this share only is disconnected (socket.io's server-side disconnect, "io
 *   server disconnect", after which socket.io-client does not reconnect by itself: the viewer's page
 *   checks the link again and shows it gone);
 * - a socket that also watches other shares (the operator monitor, docs/monitor.md) stays connected:
 *   it leaves `share:{shareId}` and, unless another of its shares targets the same activity, that
 *   activity's room; it is sent one EntityChanges `[{ EntityType: 'Activity', ChangeType: 'updated' }]`
 *   for the shared activity (what it may see of that activity changed), on which the client loads the
 *   share again and finds it gone. A journey share sends no such change (its view reloads each minute).
 * Resolves once this node's sockets are handled and the orders to the other nodes are committed to
 * PostgreSQL's notification queue. The sockets are listed with `fetchSockets` (every node answers, or
 * it rejects after the adapter's 5 s timeout); a socket verifying a second share in the moment between
 * that list and the disconnect is disconnected as a single-share viewer would be.
 */
export async function disconnectShareViewers(
  io: RealtimeServer,
  db: Db,
  shareId: string,
): Promise<void> {
  const room = shareRoom(shareId);
  const adapter = io.of('/').adapter as unknown as ClusterOperations;
  const viewers = await io.in(room).fetchSockets();
  const watchingOthers = viewers.filter((socket) => shareRoomsOf(socket.rooms).length > 1);
  await adapter.disconnectSockets(
    { rooms: new Set([room]), except: new Set(watchingOthers.map((socket) => socket.id)) },
    false,
  );
  if (watchingOthers.length === 0) return;

  const otherShareIds = new Set<string>([shareId]);
  for (const socket of watchingOthers)
    for (const id of shareIdsOf(socket.rooms)) otherShareIds.add(id);
  const activities = await sharedActivities(db, [...otherShareIds]);
  const revokedActivity = activities.get(shareId);
  await Promise.all(
    watchingOthers.map(async (socket) => {
      const leaving = roomsLeavingShare(socket.rooms, shareId, activities);
      if (revokedActivity !== undefined) {
        io.to(socket.id).emit('EntityChanges', [
          {
            EntityType: 'Activity',
            EntityId: revokedActivity,
            ChangeType: 'updated',
            Timestamp: Date.now(),
            ActivityId: revokedActivity,
          },
        ]);
      }
      await adapter.delSockets({ rooms: new Set([socket.id]), except: new Set() }, leaving);
    }),
  );
}
