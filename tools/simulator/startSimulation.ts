import { DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR, DEFAULT_BATTERY_START_PCT } from './battery';
import { systemClock } from './clock';
import type { DeviceLink } from './deviceHttp';
import { respondToMessages } from './messageResponder';
import { replayPoints } from './pointReplay';
import { checkReplayOptions, replaySteps } from './replayPlan';
import type {
  Simulation,
  SimulationDeps,
  SimulationOptions,
  SimulationStats,
} from './simulationTypes';

/** How often the simulated watch asks for messages by default, ms. */
export const DEFAULT_POLL_MESSAGES_MS = 10_000;

/** Throws a RangeError for options {@link startSimulation} cannot run with. */
function checkOptions(options: SimulationOptions, startMs: number): void {
  let url: URL;
  try {
    url = new URL(options.server);
  } catch {
    throw new RangeError(`server must be an http(s) URL, not "${options.server}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RangeError(`server must be an http(s) URL, not "${options.server}"`);
  }
  if (options.ingestKey.trim() === '') throw new RangeError('ingestKey must not be empty');
  checkReplayOptions(options.points, {
    speed: options.speed ?? 1,
    loop: options.loop ?? false,
    sosAt: options.sosAt ?? null,
    startAt: options.startAt ?? null,
    startMs,
  });
  const poll = options.pollMessagesMs;
  if (poll !== undefined && poll !== null && !(Number.isFinite(poll) && poll > 0)) {
    throw new RangeError(`pollMessagesMs must be above 0 (or null for no messages), not ${poll}`);
  }
  const start = options.batteryStartPct ?? DEFAULT_BATTERY_START_PCT;
  if (!(start >= 0 && start <= 100)) throw new RangeError(`batteryStartPct must be 0 … 100`);
  const drain = options.batteryDrainPctPerHour ?? DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR;
  if (!(Number.isFinite(drain) && drain >= 0)) {
    throw new RangeError('batteryDrainPctPerHour must be 0 or more');
  }
  const heartRate = options.heartRateEveryMs;
  if (
    heartRate !== undefined &&
    heartRate !== null &&
    !(Number.isFinite(heartRate) && heartRate >= 0)
  ) {
    throw new RangeError(`heartRateEveryMs must be 0 or more (or null for none), not ${heartRate}`);
  }
}

/**
 * Starts a simulated device (issue 5 item 6): it replays `options.points` over the OsmAnd protocol
 * (replayPlan.ts for the timing, pointReplay.ts for the sending) from `deps.clock.now()` on, and acts
 * as the watch for messages (messageResponder.ts) until the track ends (without `loop`) or `stop()`.
 * Defaults: speed 1, no loop, no SOS, reply `last`, messages polled every
 * {@link DEFAULT_POLL_MESSAGES_MS}, battery from battery.ts, no heart rate; `deps` default to the global `fetch`, the
 * system clock, `Math.random` and no event listener. Throws a RangeError at once for bad options (a
 * server that is not an http(s) URL, an empty key, no points, speed ≤ 0, `sosAt` or `startAt` outside 0 … 1, a
 * poll interval ≤ 0, battery values out of range, a negative heart-rate interval).
 */
export function startSimulation(
  options: SimulationOptions,
  deps: Partial<SimulationDeps> = {},
): Simulation {
  const clock = deps.clock ?? systemClock;
  const emit = deps.onEvent ?? (() => undefined);
  const startMs = clock.now();
  checkOptions(options, startMs);
  const controller = new AbortController();
  const link: DeviceLink = {
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    clock,
    signal: controller.signal,
  };
  const stats: SimulationStats = {
    pointsSent: 0,
    pointsRejected: 0,
    retries: 0,
    sosSent: 0,
    heartRatesSent: 0,
    loopsCompleted: 0,
    messagesDelivered: 0,
    messagesSeen: 0,
    messagesReplied: 0,
  };
  const steps = replaySteps(options.points, {
    speed: options.speed ?? 1,
    loop: options.loop ?? false,
    sosAt: options.sosAt ?? null,
    startAt: options.startAt ?? null,
    startMs,
  });
  const replay = replayPoints(steps, {
    link,
    server: options.server,
    ingestKey: options.ingestKey,
    count: options.points.length,
    startMs,
    batteryStartPct: options.batteryStartPct ?? DEFAULT_BATTERY_START_PCT,
    batteryDrainPctPerHour: options.batteryDrainPctPerHour ?? DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR,
    heartRateEveryMs: options.heartRateEveryMs ?? null,
    stats,
    emit,
  }).finally(() => {
    // The track is over (or failed): the watch stops listening too.
    controller.abort();
  });
  const pollMs =
    options.pollMessagesMs === undefined ? DEFAULT_POLL_MESSAGES_MS : options.pollMessagesMs;
  const messages =
    pollMs === null
      ? Promise.resolve()
      : respondToMessages({
          link,
          server: options.server,
          ingestKey: options.ingestKey,
          pollMs,
          reply: options.reply ?? 'last',
          random: deps.random ?? Math.random,
          stats,
          emit,
        });
  const done = Promise.all([replay, messages]).then(
    () => ({ ...stats }),
    (error: unknown) => {
      controller.abort();
      throw error;
    },
  );
  return {
    get stats() {
      return { ...stats };
    },
    done,
    stop: async () => {
      controller.abort();
      await done.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
