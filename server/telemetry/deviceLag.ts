import { sql, type RawBuilder } from 'kysely';

/*
 * A device's clock lag (docs/decisions.md "Whose clock"): the server's clock minus the device's at
 * the device's newest report, delivery delay included. The silence rule (30 minutes without data
 * closes an activity) and the alert time rules (no data, no GPS, no motion, not worn) compare device
 * times with "now"; they read now on the device's clock — the server's now minus the lag — so a
 * device whose clock runs 40 minutes slow (or sends local time as UTC from a zone west of Greenwich)
 * is not found silent while it reports, and a device flushing an hour of buffered fixes is judged by
 * its fixes, not by when they arrived. It comes down to "30 minutes since the server last heard
 * something new from the device", with the device's own gaps on top. A lag over
 * {@link MAX_CLOCK_LAG_MS} is no clock: such data is an upload of the past, judged on the server's
 * clock as it arrives.
 */

/**
 * The largest lag taken for a device's clock, ms (13 h): the furthest-behind zone whose local time a
 * device could send as UTC is UTC−12, plus an hour of buffered delivery. Over it, the lag counts as 0.
 */
export const MAX_CLOCK_LAG_MS = 13 * 3_600_000;

/** What the server last heard from a device (devices.heard_ms / heard_device_ms, migration 0020). */
export interface DeviceHeard {
  /** Server time (epoch ms) of the request that brought the device's newest item; null before one. */
  readonly heardMs: number | null;
  /** That newest item's device time (epoch ms); null before one. */
  readonly heardDeviceMs: number | null;
}

/**
 * The device's clock lag, ms: server time minus device time at its newest report (negative for a
 * clock ahead); 0 before one, and 0 over {@link MAX_CLOCK_LAG_MS}.
 */
export function clockLagMs(heard: DeviceHeard): number {
  if (heard.heardMs === null || heard.heardDeviceMs === null) return 0;
  const lag = heard.heardMs - heard.heardDeviceMs;
  return lag > MAX_CLOCK_LAG_MS ? 0 : lag;
}

/**
 * What the server has heard once a request received at `nowMs` (server clock, epoch ms) brought
 * items up to `newestItemMs` (device time, epoch ms; null for an empty request): that request's
 * time and item when the item is newer than any heard before, else `heard` unchanged (a late or
 * re-sent item says nothing of the device's clock now).
 */
export function heardAfter(
  heard: DeviceHeard,
  nowMs: number,
  newestItemMs: number | null,
): DeviceHeard {
  if (newestItemMs === null) return heard;
  if (heard.heardDeviceMs !== null && newestItemMs <= heard.heardDeviceMs) return heard;
  return { heardMs: nowMs, heardDeviceMs: newestItemMs };
}

/**
 * {@link clockLagMs} in SQL for the devices row aliased `alias` (bigint ms; 0 before a report and
 * over {@link MAX_CLOCK_LAG_MS}).
 */
export function lagSql(alias: string): RawBuilder<number> {
  const heard = sql.ref(`${alias}.heard_ms`);
  const device = sql.ref(`${alias}.heard_device_ms`);
  return sql<number>`(case when ${heard} - ${device} <= ${MAX_CLOCK_LAG_MS}
    then ${heard} - ${device} else 0 end)`;
}
