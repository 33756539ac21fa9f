import { createContext, useContext } from 'react';

/**
 * The server's clock minus this device's, ms (0 when not measured), as the app provides it from the
 * store (src/app/App.tsx; measured on each SocketInit, src/store/realtime/realtimeSlice.ts).
 * A context, not a store subscription per component: the operator monitor's 100 data-age clocks
 * read it, and it changes only when a socket (re)connects.
 */
export const ServerClockOffsetContext = createContext(0);

/**
 * The offset, ms, to add to `Date.now()` (or `useNow`'s clock) for "now" on the server's clock:
 * the clock of a fix's device time, a share's expiry and an alert pause's end (docs/decisions.md
 * "Whose clock").
 */
export function useServerClockOffset(): number {
  return useContext(ServerClockOffsetContext);
}
