import type { ReactNode } from 'react';
import { useAppSelector } from '../store/hooks';
import { selectServerClockOffsetMs } from '../store/realtime/realtimeSlice';
import { ServerClockOffsetContext } from '../ui/time/serverClock';

/**
 * Hands the store's measured server clock offset (ms) to the screens that read times on the
 * server's clock (src/ui/time/serverClock.ts). Only those re-render when it changes.
 */
export function ServerClock({ children }: { readonly children: ReactNode }) {
  const offsetMs = useAppSelector(selectServerClockOffsetMs);
  return (
    <ServerClockOffsetContext.Provider value={offsetMs}>
      {children}
    </ServerClockOffsetContext.Provider>
  );
}
