import { IngestEvent, IngestPoint } from '../../src/api/ingest';
import { parseDeviceTime } from './deviceTime';
import type { IngestIssue, Parsed } from './ingestValidation';

/** Query or form parameters as Fastify parses them (a repeated name gives an array). */
export type OsmAndParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One OsmAnd request: the device's ingest key (null when missing), its point and its events. */
export interface OsmAndMessage {
  readonly ingestKey: string | null;
  readonly points: IngestPoint[];
  readonly events: IngestEvent[];
}

/** Metres per second in one knot (1852 m per hour). */
export const MPS_PER_KNOT = 1852 / 3600;

/** OsmAnd `alarm` values and the event each stands for; other alarms are ignored (as Traccar keeps them as attributes). */
const ALARMS: Readonly<Record<string, 'SOS' | 'FALL'>> = {
  sos: 'SOS',
  fall: 'FALL',
  falldown: 'FALL',
};

/** The point's fields and the OsmAnd parameter names each is read from (first present wins). */
const FIELD_PARAMS = {
  Lat: ['lat'],
  Lon: ['lon'],
  Alt: ['altitude'],
  Hacc: ['accuracy', 'hacc'],
  Vacc: ['vacc', 'altitudeAccuracy'],
  Speed: ['speed'],
  Bearing: ['bearing', 'heading'],
  Battery: ['batt'],
} as const;
type PointField = keyof typeof FIELD_PARAMS;

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function last(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[value.length - 1];
}

/**
 * Reads one OsmAnd HTTP protocol request (parameters as Traccar's OsmAnd decoder accepts them, from the
 * query or a form body; `source` names them in issues, e.g. `query.lat`):
 * - `id` or `deviceid`: the device's ingest key (never an IMEI);
 * - `timestamp`: epoch seconds, epoch ms or ISO 8601 (deviceTime.ts); absent → `nowMs`;
 * - `lat` and `lon` in degrees, or `location=lat,lon`; absent or exactly 0,0 (a tracker without a fix)
 *   → no point;
 * - `speed` in knots (stored as m/s), `bearing`/`heading` degrees, `altitude` m, `accuracy`/`hacc` m,
 *   `vacc`/`altitudeAccuracy` m (the altitude's accuracy; a Lifeline extension, OsmAnd sends none),
 *   `batt` %, `hdop` (checked, not stored);
 * - `charge=true` → a CHARGING event; `alarm=sos` → SOS, `alarm=fall` → FALL (body position UNKNOWN);
 *   `batt` without a point → a BATTERY event.
 * Ranges are the batch endpoint's (src/api/ingest.ts); a value that is not a finite number, or out of
 * range, is an issue. A request with neither a point nor an event is an issue too.
 */
export function parseOsmAnd(
  params: OsmAndParams,
  source: string,
  nowMs: number,
): Parsed<OsmAndMessage> {
  const issues: IngestIssue[] = [];
  const read = (name: string) => last(params[name])?.trim();
  const numberOf = (name: string): number | null | undefined => {
    const raw = read(name);
    if (raw === undefined || raw === '') return undefined;
    if (NUMBER.test(raw)) return Number(raw);
    issues.push({ Path: `${source}.${name}`, Message: 'must be a finite number' });
    return null;
  };
  const ingestKey = read('id') || read('deviceid') || null;

  const rawTime = read('timestamp');
  let time = nowMs;
  if (rawTime !== undefined && rawTime !== '') {
    const parsed = parseDeviceTime(rawTime);
    if (parsed === null) {
      issues.push({
        Path: `${source}.timestamp`,
        Message: 'must be epoch seconds, epoch milliseconds or ISO 8601',
      });
    } else {
      time = parsed;
    }
  }

  const values: Partial<Record<PointField, number | null>> = {};
  const paramOf: Partial<Record<PointField, string>> = {};
  for (const [field, names] of Object.entries(FIELD_PARAMS) as [PointField, readonly string[]][]) {
    const name = names.find((candidate) => read(candidate) !== undefined);
    if (name === undefined) continue;
    paramOf[field] = name;
    values[field] = numberOf(name);
  }
  const location = read('location');
  if (location !== undefined && values.Lat === undefined && values.Lon === undefined) {
    const [lat, lon, ...rest] = location.split(',').map((part) => part.trim());
    if (lat && lon && rest.length === 0 && NUMBER.test(lat) && NUMBER.test(lon)) {
      values.Lat = Number(lat);
      values.Lon = Number(lon);
      paramOf.Lat = 'location';
      paramOf.Lon = 'location';
    } else {
      issues.push({ Path: `${source}.location`, Message: 'must be lat,lon in degrees' });
    }
  }
  numberOf('hdop');
  const knots = values.Speed;
  if (typeof knots === 'number') values.Speed = knots * MPS_PER_KNOT;

  const charge = read('charge')?.toLowerCase();
  if (charge !== undefined && !['true', 'false', '1', '0'].includes(charge)) {
    issues.push({ Path: `${source}.charge`, Message: 'must be true or false' });
  }
  if (issues.length > 0) return { ok: false, issues };

  const points: IngestPoint[] = [];
  const events: IngestEvent[] = [];
  const hasLat = typeof values.Lat === 'number';
  const hasLon = typeof values.Lon === 'number';
  if (hasLat !== hasLon) {
    const missing = hasLat ? 'lon' : 'lat';
    return { ok: false, issues: [{ Path: `${source}.${missing}`, Message: 'is required' }] };
  }
  if (hasLat && !(values.Lat === 0 && values.Lon === 0)) {
    const point = IngestPoint.safeParse({ Time: time, ...values });
    if (!point.success) {
      return {
        ok: false,
        issues: point.error.issues.map((issue) => {
          const field = String(issue.path[0]) as PointField | 'Time';
          const name = field === 'Time' ? 'timestamp' : (paramOf[field] ?? field);
          return { Path: `${source}.${name}`, Message: issue.message };
        }),
      };
    }
    points.push(point.data);
  } else if (typeof values.Battery === 'number') {
    const battery = IngestEvent.safeParse({ Time: time, Type: 'BATTERY', Percent: values.Battery });
    if (!battery.success) {
      return { ok: false, issues: [{ Path: `${source}.batt`, Message: 'must be 0 to 100' }] };
    }
    events.push(battery.data);
  }
  if (charge === 'true' || charge === '1') events.push({ Time: time, Type: 'CHARGING' });
  const alarm = ALARMS[read('alarm')?.toLowerCase() ?? ''];
  if (alarm === 'SOS') events.push({ Time: time, Type: 'SOS' });
  if (alarm === 'FALL') events.push({ Time: time, Type: 'FALL', BodyPosition: 'UNKNOWN' });

  if (points.length === 0 && events.length === 0) {
    return {
      ok: false,
      issues: [{ Path: `${source}.lat`, Message: 'lat and lon (or location) are required' }],
    };
  }
  return { ok: true, value: { ingestKey, points, events } };
}
