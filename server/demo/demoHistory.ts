import type { ActivityType } from '../../src/api/enums';
import { INGEST_MAX_EVENTS, type IngestEvent, type IngestPoint } from '../../src/api/ingest';
import type { Db } from '../db/database';
import { ingestTelemetry } from '../telemetry/ingest';
import type { Track } from '../../tools/tracks';
import { DEMO_HISTORY, outingType, readDemoTrack, type DemoOuting } from './demoTracks';

/*
 * The demo member's history (issue 5 item 7): real tracks imported through the real ingest (batches
 * with tracking start and stop events), shifted by whole days so they end up in the recent weeks with
 * their time of day and relative timing kept. The shift is computed from an anchor day stored once per
 * database, so a later start re-sends the same points (duplicates, nothing changes) — and a marker
 * makes it skip the import altogether once done.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ANCHOR_SECRET = 'demo-history-anchor-day';
/**
 * Marks the import done. v2: every heart-rate reading goes in (v1 sent one per 30 s and fixes stored
 * none); a database imported by v1 imports again — its fixes are duplicates, the new VITALS events
 * give them their heart rate (server/telemetry/telemetryStore.ts).
 */
const DONE_SECRET = 'demo-history-imported-v2';
/**
 * Points per ingest call: with a VITALS event per point, plus the start and the stop, a call stays
 * within the batch endpoint's {@link INGEST_MAX_EVENTS}, as a watch's upload would.
 */
const CHUNK = INGEST_MAX_EVENTS - 2;

async function secret(db: Db, name: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.secret ?? null;
}

async function keep(db: Db, name: string, value: Buffer, nowMs: number): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, secret: value, created_ms: nowMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The day (epoch ms at 00:00 UTC) the history is placed relative to, fixed at the first import. */
async function anchorDayMs(db: Db, nowMs: number): Promise<number> {
  await keep(db, ANCHOR_SECRET, Buffer.from(String(Math.floor(nowMs / DAY_MS) * DAY_MS)), nowMs);
  return Number((await secret(db, ANCHOR_SECRET))?.toString() ?? nowMs);
}

/** Whole days that move `tracks` to start `daysAgo` days before `anchorMs` (same time of day). */
export function dayShiftMs(tracks: readonly Track[], anchorMs: number, daysAgo: number): number {
  const first = tracks[0]?.points[0]?.timeMs ?? anchorMs;
  const firstDay = Math.floor(first / DAY_MS) * DAY_MS;
  return anchorMs - daysAgo * DAY_MS - firstDay;
}

/**
 * The ingest input of one track shifted by `shiftMs`: fixes, start/stop, and a VITALS event with the
 * heart rate at the time of every point that recorded one (which gives the stored fix its heart rate:
 * docs/decisions.md "Heart rate").
 */
export function trackIngest(
  track: Track,
  type: ActivityType,
  shiftMs: number,
): { points: IngestPoint[]; events: IngestEvent[] } {
  const points: IngestPoint[] = track.points.map((point) => ({
    Time: point.timeMs + shiftMs,
    Lat: point.lat,
    Lon: point.lon,
    Alt: point.altM,
    Speed: point.speedMps,
  }));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { points: [], events: [] };
  const events: IngestEvent[] = [
    { Time: first.Time, Type: 'TRACKING_START', ActivityType: type },
    { Time: last.Time + 1, Type: 'TRACKING_STOP' },
  ];
  for (const point of track.points) {
    if (point.heartRateBpm === null) continue;
    events.push({ Time: point.timeMs + shiftMs, Type: 'VITALS', HeartRateBpm: point.heartRateBpm });
  }
  return { points, events };
}

async function importOuting(
  db: Db,
  ingestKey: string,
  outing: DemoOuting,
  anchorMs: number,
  nowMs: number,
): Promise<number> {
  const tracks = await readDemoTrack(outing.file);
  const shift = dayShiftMs(tracks, anchorMs, outing.daysAgo);
  let stored = 0;
  for (const track of tracks) {
    const { points, events } = trackIngest(track, outingType(outing, track), shift);
    let previousEnd = -Infinity;
    for (let offset = 0; offset < points.length; offset += CHUNK) {
      const chunk = points.slice(offset, offset + CHUNK);
      const last = offset + CHUNK >= points.length;
      const end = last ? Infinity : (chunk[chunk.length - 1]?.Time ?? Infinity);
      const chunkEvents = events.filter((e) => e.Time > previousEnd && e.Time <= end);
      previousEnd = end;
      const outcome = await ingestTelemetry(
        db,
        ingestKey,
        { points: chunk, events: chunkEvents },
        nowMs,
      );
      if (outcome.kind !== 'stored') throw new Error('The demo watch has no ingest key');
      stored += outcome.accepted;
    }
  }
  return stored;
}

/**
 * Imports the demo history for the device with `ingestKey` once per database (see the module note);
 * answers how many points and events were stored (0 when it was imported before). No alerts are
 * evaluated for history. Throws when a track file cannot be read.
 */
export async function importDemoHistory(db: Db, ingestKey: string, nowMs: number): Promise<number> {
  if (await secret(db, DONE_SECRET)) return 0;
  const anchorMs = await anchorDayMs(db, nowMs);
  let stored = 0;
  for (const outing of DEMO_HISTORY)
    stored += await importOuting(db, ingestKey, outing, anchorMs, nowMs);
  await keep(db, DONE_SECRET, Buffer.from('1'), nowMs);
  return stored;
}
