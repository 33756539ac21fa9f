import { sql } from 'kysely';
import { TRACK_BINARY_BYTES_PER_POINT, trackBinaryByteLength } from '../../src/api/trackBinary';
import type { Db } from '../db/database';
import { trustedAltitudeSql } from '../telemetry/altitude';
import type { DetailRequest } from './activityRepository';

/*
 * member-wearer-activity-track's body, built by PostgreSQL (issue 7 target journey.7day). Reading
 * 86,400 rows a day as JavaScript objects and writing them into columns costs the server about a second
 * per day of 1 Hz points under load; PostgreSQL instead aggregates each column into one bytea in C
 * (`float8send`/`float4send`: IEEE 754, big-endian) and the server only swaps the bytes to
 * little-endian (Buffer.swap64/swap32, native) and places them in the layout of src/api/trackBinary.ts.
 * Unknown values (null) become NaN, as the layout says.
 */

/** One row: the point count and each column's big-endian bytes (null when there are no points). */
interface ColumnBytes {
  readonly n: string | number;
  readonly time: Buffer | null;
  readonly positions: Buffer | null;
  readonly alt: Buffer | null;
  readonly speed: Buffer | null;
  readonly hacc: Buffer | null;
  readonly heart_rate: Buffer | null;
}

/**
 * The points of activity `request.ActivityId` of member `memberId` whose device time lies in
 * [TimeStart, TimeEnd], ordered as member-wearer-activity-detail orders them (device time, then
 * device), in the binary layout of src/api/trackBinary.ts. Does not check that the activity exists
 * (the caller does, in the same transaction); another member's activity yields no points.
 * @throws Error when PostgreSQL answers columns of inconsistent lengths (a bug, not bad input).
 */
export async function trackColumnsOf(
  db: Db,
  memberId: number,
  request: DetailRequest,
): Promise<Buffer> {
  // One sort, in a subquery: PostgreSQL feeds the aggregates in the subquery's order (the client
  // checks the order anyway and sorts whatever is not in it: trackEntry.withColumnsLoaded).
  const f4 = (column: string) =>
    sql`string_agg(float4send(coalesce(${sql.ref(column)}::float4, 'NaN'::float4)), ''::bytea)`;
  const result = await sql<ColumnBytes>`
    select count(*) as n,
      string_agg(float8send(s.device_time_ms::float8), ''::bytea) as time,
      string_agg(float8send(s.lon) || float8send(s.lat), ''::bytea) as positions,
      ${f4('s.alt')} as alt,
      ${f4('s.speed_mps')} as speed,
      ${f4('s.hacc')} as hacc,
      ${f4('s.heart_rate_bpm')} as heart_rate
    from (
      select p.device_time_ms, p.lon, p.lat, ${trustedAltitudeSql('p')} as alt, p.speed_mps, p.hacc,
        p.heart_rate_bpm
      from location_points p
      join activities a on a.activity_id = p.activity_id
      where p.activity_id = ${request.ActivityId}
        and a.member_id = ${memberId}
        and p.device_time_ms >= ${request.TimeStart}
        and p.device_time_ms <= ${request.TimeEnd}
      order by p.device_time_ms, p.device_id
    ) s
  `.execute(db);
  const row = result.rows[0];
  const n = Number(row?.n ?? 0);
  const body = Buffer.alloc(trackBinaryByteLength(n));
  body.write('LLT1', 0, 'latin1');
  body.writeUInt32LE(n, 4);
  if (n === 0 || !row) return body;
  const parts: readonly [Buffer | null, 4 | 8, number][] = [
    [row.time, 8, 8 * n],
    [row.positions, 8, 16 * n],
    [row.alt, 4, 4 * n],
    [row.speed, 4, 4 * n],
    [row.hacc, 4, 4 * n],
    [row.heart_rate, 4, 4 * n],
  ];
  let offset = 8;
  for (const [bytes, width, length] of parts) {
    if (!bytes || bytes.length !== length) {
      throw new Error(
        `track columns: ${String(bytes?.length)} bytes where ${String(length)} were due`,
      );
    }
    if (width === 8) bytes.swap64();
    else bytes.swap32();
    bytes.copy(body, offset);
    offset += length;
  }
  if (offset !== 8 + n * TRACK_BINARY_BYTES_PER_POINT) throw new Error('track columns: bad layout');
  return body;
}
