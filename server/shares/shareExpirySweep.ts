import type { Db } from '../db/database';
import { startPeriodic } from '../lifecycle/periodicJob';

/*
 * Expiry ends live viewing (issue 8 item 1: a share "expires"; docs/shares.md "Expiry"): a token is
 * refused once its share expired, but a viewer's socket verified before keeps hearing the activity
 * until something ends it. This sweep finds the shares that expired since the last sweep and
 * disconnects their viewers on every node (the same path as a revocation), so an expired link stops
 * showing data within one sweep interval.
 */

/** How often the sweep looks for shares that just expired, ms: revocation's one second. */
export const SHARE_EXPIRY_SWEEP_INTERVAL_MS = 1_000;

/**
 * The ids of the shares (not revoked) whose expiry lies in (`sinceMs`, `nowMs`], epoch ms: those that
 * expired since the previous sweep.
 */
export async function sharesExpiredBetween(
  db: Db,
  sinceMs: number,
  nowMs: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('shares')
    .select('share_id')
    .where('revoked_ms', 'is', null)
    .where('expires_ms', '>', sinceMs)
    .where('expires_ms', '<=', nowMs)
    .execute();
  return rows.map((row) => row.share_id);
}

/**
 * One sweep: ends the live viewing (`disconnect`, e.g. `app.realtime.disconnectShare`) of every share
 * that expired in (`sinceMs`, `nowMs`]. Answers the ids handled. Rejects when the database or a node
 * cannot be reached (the next sweep covers the same span again, see {@link startShareExpirySweep}).
 */
export async function endExpiredViewing(
  db: Db,
  span: { readonly sinceMs: number; readonly nowMs: number },
  disconnect: (shareId: string) => Promise<void>,
): Promise<string[]> {
  const expired = await sharesExpiredBetween(db, span.sinceMs, span.nowMs);
  for (const shareId of expired) await disconnect(shareId);
  return expired;
}

/** A running sweep; `stop()` ends it and waits for a sweep in progress. */
export interface ShareExpirySweep {
  readonly stop: () => Promise<void>;
}

/**
 * Runs {@link endExpiredViewing} every `intervalMs` (default {@link SHARE_EXPIRY_SWEEP_INTERVAL_MS})
 * over the span since the last successful sweep (the first starts at the sweep's start: shares that
 * expired while the server was down have no live viewers), one at a time, on an unref'd timer. A
 * failed sweep goes to `onError` and its span is swept again next time.
 */
export function startShareExpirySweep(
  db: Db,
  disconnect: (shareId: string) => Promise<void>,
  options: {
    readonly intervalMs?: number;
    readonly clock?: () => number;
    readonly onError?: (error: unknown) => void;
  } = {},
): ShareExpirySweep {
  const clock = options.clock ?? Date.now;
  let sinceMs = clock();
  return startPeriodic(
    async () => {
      const nowMs = clock();
      await endExpiredViewing(db, { sinceMs, nowMs }, disconnect);
      sinceMs = nowMs;
    },
    options.intervalMs ?? SHARE_EXPIRY_SWEEP_INTERVAL_MS,
    (error) => options.onError?.(error),
  );
}
