import type { IngestBatchRequest, IngestEvent, IngestPoint } from '../../src/api/ingest';
import { serverBase, type OsmAndFix } from './osmandUrl';

/** A request to send: its URL and `fetch` options. */
export interface DeviceRequest {
  readonly url: string;
  readonly init: RequestInit;
}

/**
 * One fix with the heart rate measured with it, as one `POST <server>/ingest/batch`
 * (src/api/ingest.ts): the point (degrees, m, m/s, degrees, %; unknown values left out), a VITALS
 * event with `HeartRateBpm` (beats per minute) at the same device time — which gives the stored fix
 * its heart rate (docs/decisions.md "Heart rate") — and an SOS event at that time when the fix carries
 * one. The OsmAnd protocol names no heart-rate parameter (Traccar's decoder keeps unknown parameters
 * as free attributes), so a fix with a heart rate goes this way: still one request for the fix.
 */
export function fixBatchRequest(
  server: string,
  ingestKey: string,
  fix: OsmAndFix,
  heartRateBpm: number,
): DeviceRequest {
  const Time = Math.round(fix.deviceTimeMs);
  const point: IngestPoint = {
    Time,
    Lat: fix.lat,
    Lon: fix.lon,
    ...(fix.altM === null ? {} : { Alt: fix.altM }),
    ...(fix.speedMps === null ? {} : { Speed: fix.speedMps }),
    ...(fix.bearingDeg === null ? {} : { Bearing: fix.bearingDeg }),
    ...(fix.batteryPct === null ? {} : { Battery: fix.batteryPct }),
  };
  const events: IngestEvent[] = [{ Time, Type: 'VITALS', HeartRateBpm: heartRateBpm }];
  if (fix.sos) events.push({ Time, Type: 'SOS' });
  const body: IngestBatchRequest = { IngestKey: ingestKey, Points: [point], Events: events };
  return {
    url: `${serverBase(server)}/ingest/batch`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  };
}
