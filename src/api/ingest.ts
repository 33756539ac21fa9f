import * as z from 'zod/mini';
import { ActivityType, BodyPosition } from './enums';

/*
 * The device ingest contract (issue 5 item 1; ARCHITECTURE.md §1 "device → telemetry points"): the JSON
 * batch endpoint `POST /ingest/batch` that watches and the simulator post to, the JSON body Traccar
 * Client posts to `/ingest/osmand`, and the sanity limits every ingested point and event must meet.
 * A request with one bad point or event is rejected whole (400, nothing stored).
 */

/** Most points one batch may carry (larger uploads are split by the device). */
export const INGEST_MAX_POINTS = 10_000;
/** Most events one batch may carry. */
export const INGEST_MAX_EVENTS = 1_000;
/**
 * Highest ground speed accepted, m/s (300 m/s ≈ 1 080 km/h, above any vehicle of the activity types);
 * a faster value is a broken sensor, not a wearer.
 */
export const INGEST_MAX_SPEED_MPS = 300;
/** Largest |altitude| accepted, metres (well beyond the Mariana Trench and airliner altitudes). */
export const INGEST_MAX_ABS_ALTITUDE_M = 100_000;
/** Earliest device time accepted: 2000-01-01T00:00:00Z, epoch ms (a reset clock reports 1970 or 1980). */
export const INGEST_EARLIEST_MS = Date.UTC(2000, 0, 1);
/** How far a device time may run ahead of the server clock: 5 minutes, in ms (clock skew allowance). */
export const INGEST_MAX_FUTURE_MS = 5 * 60_000;

/**
 * Why a device time (epoch ms) is not accepted at server time `nowMs` (epoch ms), or null when it is:
 * before {@link INGEST_EARLIEST_MS}, or more than {@link INGEST_MAX_FUTURE_MS} after `nowMs`.
 */
export function ingestTimeProblem(timeMs: number, nowMs: number): string | null {
  if (timeMs < INGEST_EARLIEST_MS) return 'Time is before 2000-01-01';
  if (timeMs > nowMs + INGEST_MAX_FUTURE_MS) return 'Time is more than 5 minutes in the future';
  return null;
}

/** Epoch milliseconds of a device clock (range-checked against the server clock separately). */
const DeviceTime = z.int().check(z.nonnegative());

/**
 * One fix of a batch:
 * - `Time` device time, epoch ms (with the device, the point's identity: a re-sent one is a duplicate);
 * - `Lat` latitude and `Lon` longitude, WGS 84 degrees;
 * - `Alt` altitude in metres above mean sea level; `Hacc` horizontal accuracy radius in metres;
 * - `Vacc` the altitude's accuracy in metres (a Lifeline extension: the activity shows no altitude
 *   for a fix whose `Vacc` is over 10, spec app §9);
 * - `Speed` ground speed in m/s; `Bearing` course over ground in degrees clockwise from true north;
 * - `Battery` the device's charge in percent.
 * Optional fields may be absent or null (not measured).
 */
export const IngestPoint = z.object({
  Time: DeviceTime,
  Lat: z.number().check(z.gte(-90), z.lte(90)),
  Lon: z.number().check(z.gte(-180), z.lte(180)),
  Alt: z.nullish(
    z.number().check(z.gte(-INGEST_MAX_ABS_ALTITUDE_M), z.lte(INGEST_MAX_ABS_ALTITUDE_M)),
  ),
  Hacc: z.nullish(z.number().check(z.nonnegative())),
  Vacc: z.nullish(z.number().check(z.nonnegative())),
  Speed: z.nullish(z.number().check(z.nonnegative(), z.lte(INGEST_MAX_SPEED_MPS))),
  Bearing: z.nullish(z.number().check(z.gte(0), z.lte(360))),
  Battery: z.nullish(z.number().check(z.gte(0), z.lte(100))),
});
export type IngestPoint = z.infer<typeof IngestPoint>;

const Percent = z.number().check(z.gte(0), z.lte(100));

/**
 * One device event of a batch, at device time `Time` (epoch ms), stored once per (device, Time, Type):
 * - `TRACKING_START` with the wearer's `ActivityType`: opens an activity of that type;
 * - `TRACKING_STOP`: closes the open activity;
 * - `SOS`, `ASSISTANCE`, `MANUAL_EMERGENCY`: the wearer asked for help (alerts of app §3);
 * - `FALL` with the `BodyPosition` after the fall;
 * - `NOT_WORN`: the device was taken off; `CHARGING`: it was put on charge;
 * - `BATTERY` with its charge `Percent`;
 * - `CLOSE_ALERTS`: the wearer cancelled the open alerts on the device (closure CLOSE_ALL_COMMAND);
 * - `OXYGEN_SENSOR_BATTERY`, `RESPIRATORY_SENSOR_BATTERY`, `TEMPERATURE_SENSOR_BATTERY` with that vital
 *   sensor's charge `Percent`;
 * - `NO_RESPONSE`: the wearer did not answer the device's are-you-OK prompt;
 * - `CHECK_IN_MISSED`: a check-in the device's schedule expected did not come; `CHECK_IN`: the wearer
 *   checked in;
 * - `VITALS` with any of `TemperatureC` (°C), `OxygenPct` (SpO₂ %), `RespirationBpm` and
 *   `HeartRateBpm` (per minute), at least one of them.
 * The alert engine reads them; the activity builder follows TRACKING_START and TRACKING_STOP.
 */
export const IngestEvent = z.discriminatedUnion('Type', [
  z.object({ Time: DeviceTime, Type: z.literal('TRACKING_START'), ActivityType }),
  z.object({ Time: DeviceTime, Type: z.literal('TRACKING_STOP') }),
  z.object({ Time: DeviceTime, Type: z.literal('SOS') }),
  z.object({ Time: DeviceTime, Type: z.literal('ASSISTANCE') }),
  z.object({ Time: DeviceTime, Type: z.literal('MANUAL_EMERGENCY') }),
  z.object({ Time: DeviceTime, Type: z.literal('FALL'), BodyPosition }),
  z.object({ Time: DeviceTime, Type: z.literal('NOT_WORN') }),
  z.object({ Time: DeviceTime, Type: z.literal('CHARGING') }),
  z.object({ Time: DeviceTime, Type: z.literal('BATTERY'), Percent }),
  z.object({ Time: DeviceTime, Type: z.literal('CLOSE_ALERTS') }),
  z.object({ Time: DeviceTime, Type: z.literal('OXYGEN_SENSOR_BATTERY'), Percent }),
  z.object({ Time: DeviceTime, Type: z.literal('RESPIRATORY_SENSOR_BATTERY'), Percent }),
  z.object({ Time: DeviceTime, Type: z.literal('TEMPERATURE_SENSOR_BATTERY'), Percent }),
  z.object({ Time: DeviceTime, Type: z.literal('NO_RESPONSE') }),
  z.object({ Time: DeviceTime, Type: z.literal('CHECK_IN_MISSED') }),
  z.object({ Time: DeviceTime, Type: z.literal('CHECK_IN') }),
  z
    .object({
      Time: DeviceTime,
      Type: z.literal('VITALS'),
      TemperatureC: z.nullish(z.number().check(z.gte(-50), z.lte(60))),
      OxygenPct: z.nullish(Percent),
      RespirationBpm: z.nullish(z.number().check(z.gte(0), z.lte(200))),
      HeartRateBpm: z.nullish(z.number().check(z.gte(0), z.lte(300))),
    })
    .check(
      z.refine(
        (v) =>
          [v.TemperatureC, v.OxygenPct, v.RespirationBpm, v.HeartRateBpm].some(
            (value) => value !== undefined && value !== null,
          ),
        {
          message:
            'VITALS needs at least one of TemperatureC, OxygenPct, RespirationBpm, HeartRateBpm',
        },
      ),
    ),
]);
export type IngestEvent = z.infer<typeof IngestEvent>;
export type IngestEventType = IngestEvent['Type'];

/**
 * `POST /ingest/batch` request: the device's secret `IngestKey` (never its IMEI), up to
 * {@link INGEST_MAX_POINTS} `Points` and {@link INGEST_MAX_EVENTS} `Events`, in any order; points and
 * events already stored are duplicates and change nothing.
 */
export const IngestBatchRequest = z.object({
  IngestKey: z.string().check(z.minLength(1), z.maxLength(200)),
  Points: z._default(z.array(IngestPoint).check(z.maxLength(INGEST_MAX_POINTS)), []),
  Events: z._default(z.array(IngestEvent).check(z.maxLength(INGEST_MAX_EVENTS)), []),
});
export type IngestBatchRequest = z.input<typeof IngestBatchRequest>;

/**
 * `POST /ingest/batch` answer, sent once everything is committed: `Accepted` points and events newly
 * stored, `Duplicates` the ones already stored (or repeated within the request).
 */
export const IngestBatchResponse = z.object({
  Accepted: z.int().check(z.nonnegative()),
  Duplicates: z.int().check(z.nonnegative()),
});
export type IngestBatchResponse = z.infer<typeof IngestBatchResponse>;

/**
 * One location of Traccar Client's JSON body (the transistorsoft background-geolocation shape): ISO 8601
 * or epoch-ms `timestamp`; `coords` in degrees, `accuracy` m, `speed` m/s, `heading` degrees, `altitude`
 * m, `altitude_accuracy` m, each -1 (or absent) when unknown; `battery.level` a fraction 0…1 (-1
 * unknown) and `is_charging`.
 * Other fields (`activity`, `event`, `is_moving`, `odometer`, `extras`, `uuid` …) are accepted and
 * ignored.
 */
export const TraccarClientLocation = z.object({
  timestamp: z.optional(z.union([z.string().check(z.minLength(1), z.maxLength(64)), DeviceTime])),
  coords: z.object({
    latitude: z.number().check(z.gte(-90), z.lte(90)),
    longitude: z.number().check(z.gte(-180), z.lte(180)),
    accuracy: z.nullish(z.number()),
    speed: z.nullish(z.number()),
    heading: z.nullish(z.number()),
    altitude: z.nullish(z.number()),
    altitude_accuracy: z.nullish(z.number()),
  }),
  battery: z.nullish(
    z.object({ level: z.nullish(z.number()), is_charging: z.nullish(z.boolean()) }),
  ),
});
export type TraccarClientLocation = z.infer<typeof TraccarClientLocation>;

/**
 * The JSON body Traccar Client posts to the OsmAnd endpoint: `device_id` (here the ingest key) and one
 * `location`, or an array of them (a client's offline buffer).
 */
export const TraccarClientBody = z.object({
  device_id: z.string().check(z.minLength(1), z.maxLength(200)),
  location: z.union([
    TraccarClientLocation,
    z.array(TraccarClientLocation).check(z.minLength(1), z.maxLength(INGEST_MAX_POINTS)),
  ]),
});
export type TraccarClientBody = z.infer<typeof TraccarClientBody>;
