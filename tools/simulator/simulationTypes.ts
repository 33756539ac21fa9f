import type { TrackPoint } from '../tracks';
import type { SimulationClock } from './clock';

/** Which of a message's reply options the simulated wearer answers with; `none` never replies. */
export type ReplyChoice = 'first' | 'last' | 'random' | 'none';
/** The reply choices, in the order the CLI lists them. */
export const REPLY_CHOICES: readonly ReplyChoice[] = ['first', 'last', 'random', 'none'];

/** What to simulate; see startSimulation.ts for the defaults. */
export interface SimulationOptions {
  /** Base URL of the Lifeline server, e.g. `http://localhost:3000` (a path prefix is kept). */
  readonly server: string;
  /** The device's secret ingest key (never its IMEI). */
  readonly ingestKey: string;
  /** The track to replay: at least one point, times strictly increasing (tools/tracks). */
  readonly points: readonly TrackPoint[];
  /** Replay rate (replayPlan.ts); default 1. */
  readonly speed?: number;
  /** Replay the track again and again until stopped; default false. */
  readonly loop?: boolean;
  /** Fraction of each loop after which an SOS is sent (0 … 1); default none. */
  readonly sosAt?: number | null;
  /** Fraction of the track's points skipped at the start of the first loop (0 … 1); default none. */
  readonly startAt?: number | null;
  /** Reply option the wearer picks for each message; default `last`. */
  readonly reply?: ReplyChoice;
  /** Time between two polls for messages, ms; null turns messages off; default 10 000. */
  readonly pollMessagesMs?: number | null;
  /** Battery charge at the start, percent; default battery.ts. */
  readonly batteryStartPct?: number;
  /** Battery drain, percent per hour of device time; default battery.ts. */
  readonly batteryDrainPctPerHour?: number;
  /**
   * Send the track's heart rate with a fix at most this often, ms of device time (as a JSON batch:
   * pointReplay.ts); null or absent sends none (every fix over OsmAnd); default null.
   */
  readonly heartRateEveryMs?: number | null;
}

/**
 * The outside world of a simulation, injected: `fetch` (the global one, a fake in tests, or one that
 * reaches the live demo's own server), the `clock`, `random` (0 ≤ x < 1, for `reply: 'random'`) and
 * `onEvent`, told of everything that happens (the CLI prints it).
 */
export interface SimulationDeps {
  readonly fetch: typeof fetch;
  readonly clock: SimulationClock;
  readonly random: () => number;
  readonly onEvent: (event: SimulationEvent) => void;
}

/** Counts of what a simulation did so far. */
export interface SimulationStats {
  /** Fixes the server accepted (2xx). */
  pointsSent: number;
  /** Fixes the server refused with a 4xx, then skipped. */
  pointsRejected: number;
  /** Requests sent again after a network error, a 5xx or a 429. */
  retries: number;
  /** SOS alarms the server accepted. */
  sosSent: number;
  /** Fixes the server accepted with their heart rate. */
  heartRatesSent: number;
  /** Loops completed (the last point of the track sent or skipped). */
  loopsCompleted: number;
  messagesDelivered: number;
  messagesSeen: number;
  messagesReplied: number;
}

/**
 * What happened, as the simulation tells `onEvent` (device times epoch ms, delays ms, `loop` and
 * `index` from 0, `count` points per loop, HTTP `status` codes):
 * - `point-sent`: the server accepted a fix (with the SOS when `sos`), its `batteryPct` and the
 *   `heartRateBpm` sent with it (null: none);
 * - `point-rejected`: the server refused a fix with a 4xx: `message` says why; the fix is skipped;
 * - `retrying`: a request failed with `reason` (network error, timeout, 5xx, 429) and is sent again
 *   after `delayMs` (`attempt` counts from 1);
 * - `loop-finished`: the last point of loop `loop` was handled;
 * - `message-delivered` / `message-seen` / `message-replied`: the watch reported a message's state
 *   or answered it with `replyText`;
 * - `messages-unavailable`: the server has no message routes (404); told once;
 * - `message-problem`: a message call failed (`messageId` null for the poll itself); polling goes on.
 */
export type SimulationEvent =
  | {
      readonly type: 'point-sent';
      readonly loop: number;
      readonly index: number;
      readonly count: number;
      readonly deviceTimeMs: number;
      readonly sos: boolean;
      readonly batteryPct: number;
      readonly heartRateBpm: number | null;
    }
  | {
      readonly type: 'point-rejected';
      readonly loop: number;
      readonly index: number;
      readonly count: number;
      readonly status: number;
      readonly message: string;
    }
  | {
      readonly type: 'retrying';
      readonly attempt: number;
      readonly delayMs: number;
      readonly reason: string;
    }
  | { readonly type: 'loop-finished'; readonly loop: number }
  | {
      readonly type: 'message-delivered';
      readonly messageId: number;
      readonly senderName: string;
      readonly text: string;
    }
  | { readonly type: 'message-seen'; readonly messageId: number }
  | { readonly type: 'message-replied'; readonly messageId: number; readonly replyText: string }
  | { readonly type: 'messages-unavailable' }
  | {
      readonly type: 'message-problem';
      readonly messageId: number | null;
      readonly message: string;
    };

/** A running simulation. */
export interface Simulation {
  /** A snapshot of the counts so far. */
  readonly stats: SimulationStats;
  /**
   * Settles when the simulation is over: the last point handled (without `loop`) or `stop()` called;
   * resolves with the final counts, rejects only on a bug (an unexpected error).
   */
  readonly done: Promise<SimulationStats>;
  /** Stops sending and polling (an in-flight request is aborted); resolves once both have ended. */
  stop(): Promise<void>;
}
