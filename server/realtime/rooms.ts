/*
 * The socket.io rooms of the realtime server (ARCHITECTURE.md §1 "socket.io rooms member:{id}
 * share:{id}", §5 "a socket joins rooms only after verify-socket-user"). A socket speaks for one
 * identity at a time: a member (room `member:{MemberId}`) or a share (`share:{ShareId}`); `activity:{id}`
 * rooms are the live activities it asked to watch (SocketCommand WATCH_ACTIVITY). Every socket is also
 * in socket.io's own room named by its id, which nothing is ever sent to.
 */

/** Room of everything of one member: its TelemetryWearerUpdate and EntityChanges. */
export function memberRoom(memberId: number): string {
  return `member:${memberId}`;
}

/** Room of one share's viewers (`shares.share_id`, text); revoking the share disconnects it. */
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

/** Whether a socket in `rooms` proved who it is (a member or a share). */
export function isVerified(rooms: ReadonlySet<string>): boolean {
  for (const room of rooms)
    if (room.startsWith('member:') || room.startsWith('share:')) return true;
  return false;
}

/** The rooms of `rooms` that belong to the socket's identity (left when it verifies as another). */
export function identityRooms(rooms: ReadonlySet<string>): string[] {
  return [...rooms].filter(
    (room) =>
      room.startsWith('member:') || room.startsWith('share:') || room.startsWith('activity:'),
  );
}
