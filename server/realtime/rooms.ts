/*
 * The socket.io rooms of the realtime server (ARCHITECTURE.md §1 "socket.io rooms member:{id}
 * share:{id}", §5 "a socket joins rooms only after verify-socket-user"). A socket speaks either for one
 * member (room `member:{MemberId}`) or for one or more shares (`share:{ShareId}` each, at most
 * {@link SHARES_PER_SOCKET_MAX}: the operator monitor watches several shares on one socket, docs/monitor.md),
 * never both; `activity:{id}` rooms are the live activities it watches (a member's SocketCommand
 * WATCH_ACTIVITY, or an activity share's target). Every socket is also in socket.io's own room named by
 * its id, which nothing is broadcast to except a share's end (server/realtime/shareDisconnect.ts).
 */

/**
 * Most shares one socket may verify at once (docs/monitor.md "Cap"): a design choice, twice the
 * monitor's target of 100 live shares (issue 8 bench `monitor.frame`); the next one answers
 * `{ Success: false }`.
 */
export const SHARES_PER_SOCKET_MAX = 200;

/** Room of everything of one member: its TelemetryWearerUpdate and EntityChanges. */
export function memberRoom(memberId: number): string {
  return `member:${memberId}`;
}

/**
 * Room of one share's viewers (`shares.share_id`, text); revoking the share removes its viewers
 * (server/realtime/shareDisconnect.ts).
 */
export function shareRoom(shareId: string): string {
  return `share:${shareId}`;
}

/** Room of the sockets watching one live activity: they hear its TelemetryWearerUpdate. */
export function activityRoom(activityId: number): string {
  return `activity:${activityId}`;
}

const MEMBER_ROOM = /^member:(\d+)$/;

/** The member a socket in `rooms` verified as, or null (unverified, or a share viewer). */
export function verifiedMemberOf(rooms: ReadonlySet<string>): number | null {
  for (const room of rooms) {
    const match = MEMBER_ROOM.exec(room);
    if (match?.[1]) return Number(match[1]);
  }
  return null;
}

/** The share rooms (`share:{ShareId}`) of a socket in `rooms`. */
export function shareRoomsOf(rooms: ReadonlySet<string>): string[] {
  return [...rooms].filter((room) => room.startsWith('share:'));
}

/** Whether a socket in `rooms` proved who it is (a member or a share). */
export function isVerified(rooms: ReadonlySet<string>): boolean {
  for (const room of rooms)
    if (room.startsWith('member:') || room.startsWith('share:')) return true;
  return false;
}

/**
 * The rooms of `rooms` that belong to the socket's identity: left when it verifies as another member,
 * or as a share after a member.
 */
export function identityRooms(rooms: ReadonlySet<string>): string[] {
  return [...rooms].filter(
    (room) =>
      room.startsWith('member:') || room.startsWith('share:') || room.startsWith('activity:'),
  );
}
