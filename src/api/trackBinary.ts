import type { LocationPoint } from './entities/location';

/*
 * The columnar wire format of a LocationHistory (issue 7 target journey.7day: "columnar transfer and
 * binary attributes, not one JSON object per point"), served by member-wearer-activity-track, a
 * Lifeline extension beside spec §7's member-wearer-activity-detail. A 7-day journey at 1 Hz is
 * 605,000 points: as JSON, ~50 MB of objects to parse and validate on the main thread; as columns, 40
 * bytes a point that the browser receives off the main thread and the store copies in one memcpy per
 * column.
 *
 * Layout (little-endian), n points in time order:
 *   bytes 0–3   magic "LLT1"
 *   bytes 4–7   uint32 n
 *   then        Float64 time[n]          epoch ms
 *               Float64 positions[2n]    [lon, lat] degrees, interleaved
 *               Float32 alt[n]           m
 *               Float32 speed[n]         m/s
 *               Float32 hacc[n]          m
 *               Float32 heartRate[n]     beats per minute
 * NaN stands for an unknown value (null in the JSON LocationHistory). Every Float64 column starts at
 * a multiple of 8 and every Float32 column at a multiple of 4, so the decoder's typed arrays are views
 * of the received buffer: no copy.
 */

/** The media type of a track in this format. */
export const TRACK_BINARY_MEDIA_TYPE = 'application/vnd.lifeline.track';

const MAGIC = 0x3154_4c4c; // "LLT1" read as a little-endian uint32
const HEADER_BYTES = 8;
/** Bytes per point: 8 (time) + 16 (position) + 4 × 4 (alt, speed, hacc, heart rate). */
export const TRACK_BINARY_BYTES_PER_POINT = 40;

/** A decoded track: `length` points as column views (units as in the layout above). */
export interface TrackBinaryColumns {
  readonly length: number;
  readonly time: Float64Array;
  readonly positions: Float64Array;
  readonly alt: Float32Array;
  readonly speed: Float32Array;
  readonly hacc: Float32Array;
  readonly heartRate: Float32Array;
}

/** The byte length of a track of `n` points. */
export function trackBinaryByteLength(n: number): number {
  return HEADER_BYTES + n * TRACK_BINARY_BYTES_PER_POINT;
}

/** Views of each column in `buffer` (which holds a track of `n` points from `byteOffset`). */
function columnsOf(buffer: ArrayBuffer, byteOffset: number, n: number): TrackBinaryColumns {
  let offset = byteOffset + HEADER_BYTES;
  const f64 = (count: number) => {
    const view = new Float64Array(buffer, offset, count);
    offset += count * 8;
    return view;
  };
  const f32 = (count: number) => {
    const view = new Float32Array(buffer, offset, count);
    offset += count * 4;
    return view;
  };
  return {
    length: n,
    time: f64(n),
    positions: f64(2 * n),
    alt: f32(n),
    speed: f32(n),
    hacc: f32(n),
    heartRate: f32(n),
  };
}

/**
 * Encodes `points` (a LocationHistory, in the order given — the server sends it in time order) in
 * the layout above; null and absent values become NaN.
 */
export function encodeTrackBinary(points: readonly LocationPoint[]): Uint8Array {
  const n = points.length;
  const buffer = new ArrayBuffer(trackBinaryByteLength(n));
  new DataView(buffer).setUint32(0, MAGIC, true);
  new DataView(buffer).setUint32(4, n, true);
  const columns = columnsOf(buffer, 0, n);
  const orNaN = (value: number | null | undefined) => value ?? Number.NaN;
  points.forEach((point, i) => {
    columns.time[i] = point.Time;
    columns.positions[2 * i] = point.X;
    columns.positions[2 * i + 1] = point.Y;
    columns.alt[i] = orNaN(point.Alt);
    columns.speed[i] = orNaN(point.Speed);
    columns.hacc[i] = orNaN(point.Hacc);
    columns.heartRate[i] = orNaN(point.HeartRate);
  });
  return new Uint8Array(buffer);
}

/**
 * Decodes a track in the layout above: views of `buffer`, no copy.
 * @throws RangeError when `buffer` is not such a track (wrong magic, or a length that does not match
 *   its point count).
 */
export function decodeTrackBinary(buffer: ArrayBuffer): TrackBinaryColumns {
  if (buffer.byteLength < HEADER_BYTES) {
    throw new RangeError(`track: ${String(buffer.byteLength)} bytes is shorter than its header`);
  }
  const header = new DataView(buffer, 0, HEADER_BYTES);
  if (header.getUint32(0, true) !== MAGIC) throw new RangeError('track: not an LLT1 track');
  const n = header.getUint32(4, true);
  if (buffer.byteLength !== trackBinaryByteLength(n)) {
    throw new RangeError(
      `track: ${String(buffer.byteLength)} bytes for ${String(n)} points, expected ${String(trackBinaryByteLength(n))}`,
    );
  }
  return columnsOf(buffer, 0, n);
}

/**
 * The points [first, end) of `columns` (indices) as a track of their own in the layout above: one
 * copy per column. Used to answer a time window from a whole cached track.
 * @throws RangeError when the range is not within [0, columns.length].
 */
export function encodeTrackRange(
  columns: TrackBinaryColumns,
  first: number,
  end: number,
): Uint8Array {
  if (!(first >= 0 && first <= end && end <= columns.length)) {
    throw new RangeError(
      `track: range [${String(first)}, ${String(end)}) outside ${String(columns.length)} points`,
    );
  }
  const n = end - first;
  const buffer = new ArrayBuffer(trackBinaryByteLength(n));
  new DataView(buffer).setUint32(0, MAGIC, true);
  new DataView(buffer).setUint32(4, n, true);
  const out = columnsOf(buffer, 0, n);
  out.time.set(columns.time.subarray(first, end));
  out.positions.set(columns.positions.subarray(2 * first, 2 * end));
  out.alt.set(columns.alt.subarray(first, end));
  out.speed.set(columns.speed.subarray(first, end));
  out.hacc.set(columns.hacc.subarray(first, end));
  out.heartRate.set(columns.heartRate.subarray(first, end));
  return new Uint8Array(buffer);
}
