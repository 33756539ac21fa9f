/** Knots in one m/s: the OsmAnd protocol's `speed` is in knots (1 knot = 1852 m per hour). */
export const KNOTS_PER_MPS = 3600 / 1852;

/** Ground speed in m/s as knots for the OsmAnd `speed` parameter. */
export function mpsToKnots(speedMps: number): number {
  return speedMps * KNOTS_PER_MPS;
}

/**
 * One fix as the simulated device reports it: `deviceTimeMs` epoch ms, `lat`/`lon` degrees, `altM` m,
 * `speedMps` m/s, `bearingDeg` degrees, `batteryPct` 0 … 100, `sos` when the wearer pressed SOS; null
 * fields are not known and not sent.
 */
export interface OsmAndFix {
  readonly deviceTimeMs: number;
  readonly lat: number;
  readonly lon: number;
  readonly altM: number | null;
  readonly speedMps: number | null;
  readonly bearingDeg: number | null;
  readonly batteryPct: number | null;
  readonly sos: boolean;
}

/** `server` (a base URL) without trailing slashes, so paths can be appended (keeps a path prefix). */
export function serverBase(server: string): string {
  return server.replace(/\/+$/, '');
}

/**
 * The OsmAnd HTTP protocol request of one fix as the server reads it (server/telemetry/
 * osmandRequest.ts), sent with GET: `${server}/ingest/osmand?id=<ingest key>&timestamp=<epoch ms>
 * &lat=&lon=&altitude=<m>&speed=<knots>&bearing=<degrees>&batt=<%>`, plus `alarm=sos` for an SOS
 * (the server stores the point and an SOS event at the same device time). Unknown values are left out.
 */
export function osmandUrl(server: string, ingestKey: string, fix: OsmAndFix): string {
  const params = new URLSearchParams({
    id: ingestKey,
    timestamp: String(Math.round(fix.deviceTimeMs)),
    lat: String(fix.lat),
    lon: String(fix.lon),
  });
  if (fix.altM !== null) params.set('altitude', String(fix.altM));
  if (fix.speedMps !== null) params.set('speed', String(mpsToKnots(fix.speedMps)));
  if (fix.bearingDeg !== null) params.set('bearing', String(fix.bearingDeg));
  if (fix.batteryPct !== null) params.set('batt', String(fix.batteryPct));
  if (fix.sos) params.set('alarm', 'sos');
  return `${serverBase(server)}/ingest/osmand?${params.toString()}`;
}
