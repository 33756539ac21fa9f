import {
  IngestPoint,
  TraccarClientBody,
  type IngestEvent,
  type TraccarClientLocation,
} from '../../src/api/ingest';
import { parseDeviceTime } from './deviceTime';
import { zodIssues, type IngestIssue, type Parsed } from './ingestValidation';
import type { OsmAndMessage } from './osmandRequest';

/** Where each point field comes from in Traccar Client's location, for issue paths. */
const JSON_NAMES: Readonly<Record<string, string>> = {
  Time: 'timestamp',
  Lat: 'coords.latitude',
  Lon: 'coords.longitude',
  Alt: 'coords.altitude',
  Hacc: 'coords.accuracy',
  Vacc: 'coords.altitude_accuracy',
  Speed: 'coords.speed',
  Bearing: 'coords.heading',
  Battery: 'battery.level',
};

/** A Traccar Client value that is unknown: absent, null or negative (the client's -1). */
function known(value: number | null | undefined): number | null {
  return value === undefined || value === null || value < 0 ? null : value;
}

function pointOf(
  location: TraccarClientLocation,
  time: number,
): { point: unknown; events: IngestEvent[] } {
  const { coords, battery } = location;
  const level = known(battery?.level);
  const events: IngestEvent[] = battery?.is_charging ? [{ Time: time, Type: 'CHARGING' }] : [];
  return {
    point: {
      Time: time,
      Lat: coords.latitude,
      Lon: coords.longitude,
      Alt: coords.altitude ?? null,
      Hacc: known(coords.accuracy),
      Vacc: known(coords.altitude_accuracy),
      Speed: known(coords.speed),
      Bearing: known(coords.heading),
      Battery: level === null ? null : level * 100,
    },
    events,
  };
}

/**
 * Reads the JSON body Traccar Client posts to the OsmAnd endpoint (src/api/ingest.ts
 * TraccarClientBody): `device_id` is the ingest key; each location gives one point — `coords` degrees,
 * `speed` m/s, `heading` degrees, `accuracy`, `altitude` and `altitude_accuracy` m, -1 meaning unknown; `battery.level` a
 * fraction (stored as %) — and `battery.is_charging` a CHARGING event. `timestamp` as in deviceTime.ts;
 * absent → `nowMs`. Issues name fields under `body` (e.g. `body.location.coords.latitude`).
 */
export function parseTraccarJson(body: unknown, nowMs: number): Parsed<OsmAndMessage> {
  const parsed = TraccarClientBody.safeParse(body);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error, 'body') };
  const many = Array.isArray(parsed.data.location);
  const locations = Array.isArray(parsed.data.location)
    ? parsed.data.location
    : [parsed.data.location];
  const issues: IngestIssue[] = [];
  const points: IngestPoint[] = [];
  const events: IngestEvent[] = [];
  locations.forEach((location, index) => {
    const at = many ? `body.location.${index}` : 'body.location';
    const time = location.timestamp === undefined ? nowMs : parseDeviceTime(location.timestamp);
    if (time === null) {
      issues.push({ Path: `${at}.timestamp`, Message: 'must be epoch ms or ISO 8601' });
      return;
    }
    const candidate = pointOf(location, time);
    const point = IngestPoint.safeParse(candidate.point);
    if (!point.success) {
      for (const issue of point.error.issues) {
        const field = String(issue.path[0]);
        issues.push({ Path: `${at}.${JSON_NAMES[field] ?? field}`, Message: issue.message });
      }
      return;
    }
    points.push(point.data);
    events.push(...candidate.events);
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { ingestKey: parsed.data.device_id, points, events } };
}
