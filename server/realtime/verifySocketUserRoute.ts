import type { FastifyInstance } from 'fastify';
import { verifySocketUser } from '../../src/api/calls/memberIntegrationPublic';
import { MemberTokenError, type MemberTokenService } from '../authHost/memberTokens';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import type { RealtimeServer } from './events';
import { locateSocket, type LocatedSocket } from './locateSocket';
import {
  activityRoom,
  identityRooms,
  memberRoom,
  SHARES_PER_SOCKET_MAX,
  shareRoom,
  shareRoomsOf,
  verifiedMemberOf,
} from './rooms';
import type { ShareAccess, ShareTokenVerifier } from './shareAccess';

/** What verify-socket-user needs. */
export interface VerifySocketUserOptions {
  readonly io: RealtimeServer;
  readonly memberTokens: MemberTokenService;
  /** Without it a ShareToken verifies nothing (server/realtime/shareAccess.ts). */
  readonly shareTokens: ShareTokenVerifier | undefined;
}

const UNAVAILABLE = 'Service unavailable, try again shortly';

/**
 * Joins `socket` to `rooms`, then asks `stillValid()` (the share checked again); when it says no,
 * leaves the rooms this call joined (rooms the socket was in before stay) and answers false. A
 * revocation commits, then disconnects its share room's sockets (shareDisconnect.ts); a verification
 * joins, then checks. Whatever the interleaving, one of the two sees the other: a revoke that lands
 * between the first check and the join is caught by this second check, where the socket used to
 * join a revoked share's rooms after its viewers had been disconnected and hear it on (issue 8 item
 * 1, "revoking a share disconnects its live viewers within 1 s").
 */
export async function joinWhileValid(
  socket: Pick<LocatedSocket, 'rooms' | 'join' | 'leave'>,
  rooms: readonly string[],
  stillValid: () => Promise<boolean>,
): Promise<boolean> {
  const added = rooms.filter((room) => !socket.rooms.has(room));
  await socket.join(rooms);
  if (await stillValid().catch(() => false)) return true;
  if (added.length > 0) await socket.leave(added);
  return false;
}

/**
 * POST /api/member-integration-public/verify-socket-user { MemberIntegrationToken?, ShareToken?,
 * SocketID } → { Success } (spec app §7; ARCHITECTURE.md §5 "a socket joins rooms only after
 * verify-socket-user proved a member token or a share token"):
 * - a valid MemberIntegrationToken (it wins when both tokens are sent) → the socket joins
 *   `member:{MemberId}`; an invalid or expired one → 401 AUTH 'JWT Invalid' / 'JWT Expired' (spec §5);
 * - a ShareToken its verifier accepts → `share:{ShareId}`, and for an activity share also
 *   `activity:{ActivityId}` (its live telemetry and changes); any other → Success false;
 * - SocketID connected to no server node → Success false; found → Success true once the join is
 *   committed (it may be connected to another node: the adapter carries the join there).
 * A socket speaks for one member or for several shares, never both (docs/monitor.md): verifying as
 * another member first leaves every identity room (`activity:` rooms too); a share after a member
 * leaves the member's rooms; a share after other shares is added to them (the operator monitor's one
 * socket), up to {@link SHARES_PER_SOCKET_MAX} shares — one more answers Success false and changes
 * nothing. Verifying again as the same member changes nothing; the same share joins its rooms again
 * (a no-op, or its activity room back after another share of that activity was revoked).
 * 503 when the token key or a server node cannot be reached.
 */
export function registerVerifySocketUser(
  app: FastifyInstance,
  options: VerifySocketUserOptions,
): void {
  contractRoute(app, verifySocketUser, async (input, request, reply) => {
    let room: string;
    const extraRooms: string[] = [];
    let kind: 'member' | 'share' = 'share';
    if (input.MemberIntegrationToken !== undefined) {
      try {
        const claims = await options.memberTokens.verify(input.MemberIntegrationToken);
        room = memberRoom(claims.memberId);
        kind = 'member';
      } catch (error) {
        if (error instanceof MemberTokenError) {
          return sendApiError(reply, 401, 'AUTH', error.message);
        }
        request.log.error({ err: error }, 'member token key unavailable');
        return sendApiError(reply, 503, 'UNKNOWN', UNAVAILABLE);
      }
    } else {
      if (input.ShareToken === undefined || !options.shareTokens) return { Success: false };
      let access: ShareAccess | null;
      try {
        // A TOTP share's socket proves itself with the viewer's pass cookie (sharePass.ts).
        access = await options.shareTokens.verify(input.ShareToken, undefined, request.cookies);
      } catch (error) {
        request.log.error({ err: error }, 'share token verifier unavailable');
        return sendApiError(reply, 503, 'UNKNOWN', UNAVAILABLE);
      }
      if (!access) return { Success: false };
      room = shareRoom(access.shareId);
      if (access.target?.kind === 'activity')
        extraRooms.push(activityRoom(access.target.activityId));
    }
    try {
      const socket = await locateSocket(options.io, input.SocketID);
      if (!socket) return { Success: false };
      if (kind === 'member') {
        if (!socket.rooms.has(room)) {
          const previous = identityRooms(socket.rooms);
          if (previous.length > 0) await socket.leave(previous);
          await socket.join([room]);
        }
        return { Success: true };
      }
      if (!socket.rooms.has(room) && shareRoomsOf(socket.rooms).length >= SHARES_PER_SOCKET_MAX) {
        return { Success: false };
      }
      if (verifiedMemberOf(socket.rooms) !== null) await socket.leave(identityRooms(socket.rooms));
      const token = input.ShareToken;
      const verifier = options.shareTokens;
      const joined = await joinWhileValid(socket, [room, ...extraRooms], async () =>
        token !== undefined && verifier
          ? (await verifier.verify(token, undefined, request.cookies)) !== null
          : false,
      );
      return { Success: joined };
    } catch (error) {
      request.log.warn({ err: error }, 'realtime: a server node did not answer a socket lookup');
      return sendApiError(reply, 503, 'UNKNOWN', UNAVAILABLE);
    }
  });
}
