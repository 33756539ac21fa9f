import type { FastifyBaseLogger } from 'fastify';
import { SocketCommand, type SocketInit } from '../../src/api/socket';
import type { Db } from '../db/database';
import { memberOwnsActivity } from '../activities/activityOwnership';
import type { RealtimeSocket } from './events';
import { activityRoom, shareRoom, verifiedMemberOf } from './rooms';
import { roomsLeavingShare, shareIdsOf, sharedActivities } from './shareDisconnect';

/** Commands of one socket waiting to be handled; more are dropped (a flood costs the sender only). */
export const MAX_PENDING_COMMANDS = 32;

/** What command handling needs from the server. */
export interface CommandContext {
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  /** A fresh SocketInit (ServerTimestamp now). */
  readonly socketInit: () => SocketInit;
  /**
   * The share id of a share token this server signed, expired or revoked ones included; null for
   * anything else (server/shares/shareToken.ts `signedShareIdOf`). Without it LEAVE_SHARE is ignored.
   */
  readonly signedShareId?: (token: unknown) => Promise<string | null>;
}

async function handle(
  socket: RealtimeSocket,
  command: SocketCommand,
  context: CommandContext,
): Promise<void> {
  switch (command.Command) {
    case 'PING':
      socket.emit('SocketInit', context.socketInit());
      return;
    case 'UNWATCH_ACTIVITY':
      await socket.leave(activityRoom(command.ActivityId));
      return;
    case 'LEAVE_SHARE': {
      const shareId = (await context.signedShareId?.(command.ShareToken)) ?? null;
      if (shareId === null || !socket.rooms.has(shareRoom(shareId))) return;
      const activities = await sharedActivities(context.db, shareIdsOf(socket.rooms));
      for (const room of roomsLeavingShare(socket.rooms, shareId, activities)) {
        await socket.leave(room);
      }
      return;
    }
    case 'WATCH_ACTIVITY': {
      const memberId = verifiedMemberOf(socket.rooms);
      if (memberId === null) return;
      const owned = await memberOwnsActivity(context.db, memberId, command.ActivityId);
      // The socket may have gone, or verified as someone else, while the database answered.
      if (!owned || !socket.connected || verifiedMemberOf(socket.rooms) !== memberId) return;
      await socket.join(activityRoom(command.ActivityId));
      return;
    }
  }
}

/**
 * Handles the SocketCommands of `socket` (spec app §7 "accepts SocketCommand"; src/api/socket.ts), one
 * at a time in arrival order (a WATCH then an UNWATCH of one activity ends unwatched):
 * - `PING` → a SocketInit to this socket;
 * - `WATCH_ACTIVITY` → joins `activity:{ActivityId}` when the socket verified as a member and the
 *   activity is that member's (the `activities` table); otherwise ignored — also for share viewers
 *   until the share issue says which activities a share may watch;
 * - `UNWATCH_ACTIVITY` → leaves that room;
 * - `LEAVE_SHARE` → when the socket verified that share (the token is one this server signed, even
 *   if expired or revoked since), leaves `share:{id}` and, unless another of its shares targets the
 *   same activity, that activity's room: the operator monitor removed the share (docs/monitor.md).
 *   Its other shares stay; a token it did not verify changes nothing.
 * A payload that is not a SocketCommand is ignored, as is any command beyond
 * {@link MAX_PENDING_COMMANDS} waiting. Nothing is answered on failure.
 */
export function handleCommands(socket: RealtimeSocket, context: CommandContext): void {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  socket.on('SocketCommand', (payload) => {
    const parsed = SocketCommand.safeParse(payload);
    if (!parsed.success || pending >= MAX_PENDING_COMMANDS) return;
    pending += 1;
    queue = queue
      .then(() => handle(socket, parsed.data, context))
      .catch((error: unknown) => {
        context.log.warn({ err: error }, 'realtime: a socket command failed');
      })
      .finally(() => {
        pending -= 1;
      });
  });
}
