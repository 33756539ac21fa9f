import { parseArgs } from 'node:util';
import { DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR, DEFAULT_BATTERY_START_PCT } from './battery';
import { TRACK_FILE_EXTENSIONS } from '../tracks';
import { REPLY_CHOICES, type ReplyChoice } from './simulationTypes';
import { DEFAULT_POLL_MESSAGES_MS } from './startSimulation';

/** The simulator's command line, read (units: ms for the poll interval, % and %/h for the battery). */
export interface CliConfig {
  readonly server: string;
  readonly ingestKey: string;
  readonly trackPath: string;
  readonly speed: number;
  readonly loop: boolean;
  readonly sosAt: number | null;
  readonly startAt: number | null;
  /** Which track of the file to replay, from 1; null replays them all, one after another. */
  readonly session: number | null;
  readonly reply: ReplyChoice;
  /** Null: messages off. */
  readonly pollMessagesMs: number | null;
  readonly batteryStartPct: number;
  readonly batteryDrainPctPerHour: number;
  /** Least device time between two fixes sent with their heart rate, ms; null: none. */
  readonly heartRateEveryMs: number | null;
}

/** What the command line asks for: a run, the help, or nothing valid (with the reason). */
export type CliRequest =
  | { readonly kind: 'run'; readonly config: CliConfig }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

/** The usage text `--help` prints, and a bad command line after its error. */
export const USAGE = `Usage: npm run simulate -- --server <url> --key <ingest key> --track <file> [options]

Replays a recorded GPX, TCX or FIT track as a device over the OsmAnd protocol, at the track's own
cadence, and answers messages sent to the wearer as the watch would.

Required:
  --server <url>          Lifeline server, e.g. http://localhost:3000
  --key <ingest key>      the device's ingest key (shown with the device; never its IMEI)
  --track <file>          a .gpx, .tcx or .fit file

Options:
  --speed <N>             replay N times faster than recorded (default 1)
  --loop                  replay until Ctrl+C (back and forth unless the track is a round trip)
  --sos-at <fraction>     send an SOS once per loop after this fraction of the points (0 … 1)
  --start-at <fraction>   begin the first loop after this fraction of the points (0 … 1; default 0)
  --session <n>           replay only the n-th track or session of the file (from 1; default all)
  --reply <choice>        answer messages with the first, last or a random reply option, or none
                          (default last)
  --poll-messages <s>     seconds between polls for messages; 0 turns messages off (default ${DEFAULT_POLL_MESSAGES_MS / 1000})
  --battery <percent>     battery charge at the start (default ${DEFAULT_BATTERY_START_PCT})
  --drain <percent/hour>  battery drain per hour of device time (default ${DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR})
  --heart-rate <s>        send the track's heart rate with a fix at most every <s> seconds of device
                          time, as a JSON batch (OsmAnd has no heart-rate parameter); default none
  --help, -h              show this help
`;

class UsageError extends Error {}

function number(
  flag: string,
  raw: string | undefined,
  fallback: number,
  ok: (n: number) => boolean,
  rule: string,
): number {
  if (raw === undefined) return fallback;
  const value = raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(value) || !ok(value)) {
    throw new UsageError(`--${flag} must be ${rule}, not "${raw}"`);
  }
  return value;
}

function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${flag} is required`);
  return value;
}

function trackPath(value: string | undefined): string {
  const file = required('track', value);
  const lower = file.toLowerCase();
  if (!TRACK_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    throw new UsageError(
      `--track must be a ${TRACK_FILE_EXTENSIONS.join(', ')} file, not "${file}"`,
    );
  }
  return file;
}

/** The simulator's flags, as `util.parseArgs` reads them. */
const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  track: { type: 'string' },
  speed: { type: 'string' },
  loop: { type: 'boolean' },
  'sos-at': { type: 'string' },
  'start-at': { type: 'string' },
  session: { type: 'string' },
  reply: { type: 'string' },
  'poll-messages': { type: 'string' },
  battery: { type: 'string' },
  drain: { type: 'string' },
  'heart-rate': { type: 'string' },
} as const;

/** Whether `arg` is one of the simulator's own flags (`--track`, `--track=…`, `-h` …). */
function isOwnFlag(arg: string): boolean {
  const name = /^--([^=]+)/.exec(arg)?.[1];
  return arg === '-h' || name === 'help' || (name !== undefined && name in OPTIONS);
}

/**
 * `args` with each `--key` and the argument after it joined as `--key=<value>`, unless that argument
 * is one of the simulator's own flags (then the key is missing, and `parseArgs` says so). An ingest key
 * is base64url and begins with '-' once in 64 keys, which `parseArgs` refuses as an ambiguous option
 * value after `--key <ingest key>`, the form the usage and the docs show.
 */
function withKeyJoined(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const next = args[index + 1];
    if (arg === '--key' && next !== undefined && !isOwnFlag(next)) {
      joined.push(`--key=${next}`);
      index += 1;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * Reads the simulator's arguments (`process.argv.slice(2)`) with node's `util.parseArgs`, strictly:
 * an unknown flag, a positional argument, a missing required flag, a `--track` that is not a .gpx,
 * .tcx or .fit file or a value out of range is a `usage-error` naming the flag; `--help` (or `-h`)
 * anywhere wins over everything else. `--server` must be an http(s) URL, `--speed` above 0, `--sos-at` and `--start-at` within 0 … 1,
 * `--session` a whole number from 1, `--poll-messages` 0 or more seconds (0: messages off),
 * `--battery` 0 … 100, `--drain` 0 or more, `--heart-rate` 0 or more seconds. Bad input never throws (any other error is a bug and is
 * rethrown).
 */
export function parseCliArgs(args: readonly string[]): CliRequest {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
  try {
    const { values } = parseArgs({
      args: withKeyJoined(args),
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    });
    const server = required('server', values.server);
    if (!/^https?:\/\/[^/]/i.test(server) || !URL.canParse(server)) {
      throw new UsageError(`--server must be an http(s) URL, not "${server}"`);
    }
    const reply = values.reply ?? 'last';
    const choice = REPLY_CHOICES.find((candidate) => candidate === reply);
    if (!choice) {
      throw new UsageError(`--reply must be one of ${REPLY_CHOICES.join(', ')}, not "${reply}"`);
    }
    const sosAt = values['sos-at'];
    const startAt = values['start-at'];
    const session = values.session;
    const heartRate = values['heart-rate'];
    const pollSeconds = number(
      'poll-messages',
      values['poll-messages'],
      DEFAULT_POLL_MESSAGES_MS / 1000,
      (n) => n >= 0,
      '0 or more seconds',
    );
    return {
      kind: 'run',
      config: {
        server,
        ingestKey: required('key', values.key),
        trackPath: trackPath(values.track),
        speed: number('speed', values.speed, 1, (n) => n > 0, 'a number above 0'),
        loop: values.loop ?? false,
        sosAt:
          sosAt === undefined
            ? null
            : number('sos-at', sosAt, 0, (n) => n >= 0 && n <= 1, 'a fraction from 0 to 1'),
        startAt:
          startAt === undefined
            ? null
            : number('start-at', startAt, 0, (n) => n >= 0 && n <= 1, 'a fraction from 0 to 1'),
        session:
          session === undefined
            ? null
            : number(
                'session',
                session,
                1,
                (n) => Number.isInteger(n) && n >= 1,
                'a whole number from 1',
              ),
        reply: choice,
        pollMessagesMs: pollSeconds === 0 ? null : pollSeconds * 1000,
        batteryStartPct: number(
          'battery',
          values.battery,
          DEFAULT_BATTERY_START_PCT,
          (n) => n >= 0 && n <= 100,
          'a percentage from 0 to 100',
        ),
        batteryDrainPctPerHour: number(
          'drain',
          values.drain,
          DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR,
          (n) => n >= 0,
          '0 or more percent per hour',
        ),
        heartRateEveryMs:
          heartRate === undefined
            ? null
            : number('heart-rate', heartRate, 0, (n) => n >= 0, '0 or more seconds') * 1000,
      },
    };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    // util.parseArgs throws a TypeError (ERR_PARSE_ARGS_*) for unknown flags and missing values.
    if (error instanceof TypeError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}
