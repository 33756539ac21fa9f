import { sql } from 'kysely';
import type { Trx } from '../telemetry/ingestDevice';

/** One minute, ms. */
const MINUTE_MS = 60_000;

/**
 * When a pause of `pauseMinutes` (alert-resolve-pause `PauseMinutes`, 0 … ALERT_PAUSE_MAX_MINUTES)
 * asked at `nowMs` ends, epoch ms; null for 0 (resolve without a pause).
 */
export function pauseEndMs(nowMs: number, pauseMinutes: number): number | null {
  return pauseMinutes > 0 ? nowMs + pauseMinutes * MINUTE_MS : null;
}

/**
 * Pauses member `memberId`'s automatic alerts until `untilMs` (epoch ms) in the caller's transaction
 * (policy §4 "Resolving can also pause all the wearer's alerts for a chosen period"): sets
 * `members.alerts_paused_until_ms` to the later of its current value and `untilMs`, so a resolve never
 * shortens a pause another guardian set. The alert rules hold every alert type but the wearer's own
 * (ASSISTANCE, MANUAL) while the server clock is before it (server/alerts/alertRules.ts), so the pause
 * ends by itself; nothing clears the column.
 */
export async function pauseMemberAlerts(
  trx: Trx,
  memberId: number,
  untilMs: number,
): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      alerts_paused_until_ms: sql<number>`greatest(coalesce(alerts_paused_until_ms, 0), ${untilMs}::bigint)`,
    })
    .where('member_id', '=', memberId)
    .execute();
}
