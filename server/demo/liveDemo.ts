import type { FastifyBaseLogger } from 'fastify';
import type { IngestBatchRequest } from '../../src/api/ingest';
import type { Db } from '../db/database';
import { startSimulation, type Simulation, type SimulationEvent } from '../../tools/simulator';
import type { DemoAccount } from './demoAccount';
import { DEMO_LIVE, readDemoTrack } from './demoTracks';

/*
 * The live part of the demo (issue 5 item 7): the demo watch replays the first
 * {@link DEMO_LIVE_SPAN_MS} of the real Lysefjord paddle, out and back, on a loop through the device
 * simulator (tools/simulator), over HTTP to this very server — the OsmAnd protocol, the ingest, the
 * alert engine and the sockets all run for real. Once per loop the wearer
 * presses SOS (an ASSISTANCE alert: contacts and Norway's rescue partner are told); at the end of the
 * loop, if no guardian resolved it, the wearer cancels it from the watch (CLOSE_ALERTS). The watch
 * also answers messages (the simulator's default reply), and sends the paddle's recorded heart rate
 * with a fix every {@link DEMO_HEART_RATE_EVERY_MS} (as a JSON batch: OsmAnd has no heart-rate
 * parameter), so the live activity's Data tab charts it.
 */

/** How the live replay runs. */
export interface LiveDemoOptions {
  /** Base URL of this server as the simulator reaches it, e.g. `http://127.0.0.1:8080`. */
  readonly origin: string;
  /** Replay rate (the track's spacing divided by it); 1 paddles at the real pace. */
  readonly speed: number;
  /** Fraction of each loop at which the SOS is pressed (0 … 1). */
  readonly sosAt: number;
  /**
   * Device time from the start to the first SOS, ms: the first loop begins this long (times
   * `speed`, in the recording) before the SOS point, or at the track's start if that is sooner.
   */
  readonly firstSosAfterMs: number;
  /** Called with the live activity's id whenever the replay is in a new activity. */
  readonly onActivity: (activityId: number) => Promise<void>;
  readonly log: FastifyBaseLogger;
}

/**
 * How much of the paddle one loop replays, ms of the recording: its first 30 minutes, out and back on
 * alternate loops (tools/simulator/replayPlan.ts), so at the real pace an SOS comes every half hour;
 * the whole 3.3 h paddle would raise one every 3.3 hours.
 */
export const DEMO_LIVE_SPAN_MS = 30 * 60_000;
/** Default {@link LiveDemoOptions.sosAt}: a fifth into each loop (6 min at 1×). */
export const DEMO_DEFAULT_SOS_AT = 0.2;
/** Default {@link LiveDemoOptions.firstSosAfterMs}: 3 minutes, so a new user soon sees an alert. */
export const DEMO_FIRST_SOS_AFTER_MS = 3 * 60_000;
/**
 * Least device time between two live fixes sent with their heart rate, ms: 5 s, a fix in 5 over
 * the batch endpoint (at 1×) and the rest over OsmAnd.
 */
export const DEMO_HEART_RATE_EVERY_MS = 5_000;

async function openActivityOf(db: Db, deviceId: number): Promise<number | null> {
  const row = await db
    .selectFrom('activities')
    .select('activity_id')
    .where('device_id', '=', deviceId)
    .where('timestamp_end_ms', 'is', null)
    .orderBy('timestamp_start_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.activity_id ?? null;
}

/** The activity type the demo watch tracks the live paddle as. */
const DEMO_LIVE_TYPE = 'KAYAKING';

/**
 * Posts device `events` of the watch with `ingestKey` to this server's `/ingest/batch` at `origin`.
 * Throws when the server does not answer 2xx.
 */
async function sendEvents(
  origin: string,
  ingestKey: string,
  events: IngestBatchRequest['Events'],
): Promise<void> {
  const body: IngestBatchRequest = { IngestKey: ingestKey, Events: events };
  const response = await fetch(`${origin}/ingest/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`demo watch events: HTTP ${response.status}`);
}

/** The points of the first {@link DEMO_LIVE_SPAN_MS} of a track (times epoch ms, increasing). */
export function liveSpan<T extends { readonly timeMs: number }>(points: readonly T[]): T[] {
  const firstMs = points[0]?.timeMs ?? 0;
  return points.filter((point) => point.timeMs - firstMs <= DEMO_LIVE_SPAN_MS);
}

/**
 * Where the first loop begins, as the simulator's `startAt` (a fraction of the points, 0 … 1): the
 * last point recorded at least `firstSosAfterMs × speed` before the SOS point (index
 * round(`sosAt` × (n − 1))), or the first point. `points`' times are epoch ms, increasing.
 */
export function demoStartAt(
  points: readonly { readonly timeMs: number }[],
  sosAt: number,
  firstSosAfterMs: number,
  speed: number,
): number {
  if (points.length < 2) return 0;
  const sosIndex = Math.round(sosAt * (points.length - 1));
  const startBy = (points[sosIndex]?.timeMs ?? 0) - firstSosAfterMs * speed;
  let index = sosIndex;
  while (index > 0 && (points[index]?.timeMs ?? 0) > startBy) index -= 1;
  return index / (points.length - 1);
}

/** Starts the live replay for the demo account; `stop()` ends it (awaits the simulator). */
export async function startLiveDemo(
  db: Db,
  account: DemoAccount,
  options: LiveDemoOptions,
): Promise<Simulation> {
  const tracks = await readDemoTrack(DEMO_LIVE.file);
  const recorded =
    tracks.find((track) => track.sport?.toLowerCase() === DEMO_LIVE.sport) ?? tracks[0];
  if (!recorded) throw new Error(`${DEMO_LIVE.file} has no track to replay`);
  const paddle = liveSpan(recorded.points);
  let activityId: number | null = null;
  let checking = false;
  const follow = async () => {
    const current = await openActivityOf(db, account.deviceId);
    if (current === null || current === activityId) return;
    activityId = current;
    await options.onActivity(current);
  };
  const cancelAlerts = () =>
    sendEvents(options.origin, account.ingestKey, [{ Time: Date.now(), Type: 'CLOSE_ALERTS' }]);
  const onEvent = (event: SimulationEvent) => {
    if (event.type === 'point-sent' && event.sos) {
      options.log.info({ loop: event.loop }, 'demo: the wearer pressed SOS');
    }
    if (event.type === 'point-sent' && !checking) {
      checking = true;
      follow()
        .catch((error: unknown) => {
          options.log.error({ err: error }, 'demo: share failed');
        })
        .finally(() => {
          checking = false;
        });
    }
    if (event.type === 'loop-finished') {
      cancelAlerts().catch((error: unknown) => {
        options.log.error({ err: error }, 'demo');
      });
    }
    if (event.type === 'message-replied') {
      options.log.info(
        { messageId: event.messageId },
        `demo: the wearer replied "${event.replyText}"`,
      );
    }
  };
  // The watch starts tracking: a new activity for this run. An activity an earlier run left open
  // (the server stopped mid-paddle) ends at its last fix, instead of the replay jumping back to the
  // loop's start inside it.
  await sendEvents(options.origin, account.ingestKey, [
    { Time: Date.now(), Type: 'TRACKING_START', ActivityType: DEMO_LIVE_TYPE },
  ]);
  return startSimulation(
    {
      server: options.origin,
      ingestKey: account.ingestKey,
      points: paddle,
      speed: options.speed,
      loop: true,
      sosAt: options.sosAt,
      startAt: demoStartAt(paddle, options.sosAt, options.firstSosAfterMs, options.speed),
      reply: 'last',
      batteryDrainPctPerHour: 2,
      heartRateEveryMs: DEMO_HEART_RATE_EVERY_MS,
    },
    { onEvent },
  );
}
