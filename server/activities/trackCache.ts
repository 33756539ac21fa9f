import { decodeTrackBinary, encodeTrackRange } from '../../src/api/trackBinary';

/*
 * Closed activities' tracks kept in this process (issue 7 target journey.7day). Building a day at
 * 1 Hz (86,400 points) costs PostgreSQL ~100 ms and the transfer of its bytes as hex text another
 * ~50 ms; four at once beside a browser on 2 cores, most of a second each. A closed activity's points
 * rarely change, so its whole track is kept, keyed by the version of its `activities` row: every
 * statement that changes an activity's points (ingest, late heart rates, re-cutting, trim) updates
 * that row in the same transaction — its stats live there — and any update gives the row a new
 * `xmin`. A cached track whose version is not the row's current one is never served.
 */

/** Default budget of a {@link TrackCache}: ~19 days of 1 Hz points. */
export const TRACK_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  readonly version: string;
  readonly body: Uint8Array;
}

/**
 * Whole tracks in the binary layout of src/api/trackBinary.ts by ActivityId, each with the version
 * it was built for (the `activities` row's `xmin`), least recently used evicted first beyond
 * `maxBytes`. A track larger than a quarter of the budget is not kept.
 */
export class TrackCache {
  readonly #entries = new Map<number, Entry>();
  /** Every body ever kept (weakly): an answer that is one of them is a whole cached track. */
  readonly #bodies = new WeakSet<Uint8Array>();
  #bytes = 0;

  constructor(readonly maxBytes: number = TRACK_CACHE_MAX_BYTES) {}

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether the track of `activityId` built for `version` is held (without touching its recency). */
  has(activityId: number, version: string): boolean {
    return this.#entries.get(activityId)?.version === version;
  }

  /** The track of `activityId` built for `version`, or null (none, or built for another version). */
  get(activityId: number, version: string): Uint8Array | null {
    const entry = this.#entries.get(activityId);
    if (!entry) return null;
    if (entry.version !== version) {
      this.#delete(activityId);
      return null;
    }
    // Most recently used last.
    this.#entries.delete(activityId);
    this.#entries.set(activityId, entry);
    return entry.body;
  }

  /**
   * Whether `body` is a whole track this cache keeps or kept (the same object, not equal bytes): an
   * answer sent again and again until its activity changes, worth encoding once (trackCompression.ts).
   */
  holds(body: Uint8Array): boolean {
    return this.#bodies.has(body);
  }

  /** Keeps `body` as the track of `activityId` at `version`, replacing any other version. */
  set(activityId: number, version: string, body: Uint8Array): void {
    this.#delete(activityId);
    if (body.byteLength > this.maxBytes / 4) return;
    this.#bodies.add(body);
    this.#entries.set(activityId, { version, body });
    this.#bytes += body.byteLength;
    for (const [id] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(id);
    }
  }

  #delete(activityId: number): void {
    const entry = this.#entries.get(activityId);
    if (!entry) return;
    this.#entries.delete(activityId);
    this.#bytes -= entry.body.byteLength;
  }
}

/** The first index of ascending `time` (epoch ms) at or after `ms`; `length` when none is. */
function firstAtOrAfter(time: Float64Array, ms: number): number {
  let low = 0;
  let high = time.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((time[middle] ?? Infinity) < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The points of a whole track (`body`, layout of src/api/trackBinary.ts, in time order) whose time
 * lies in [fromMs, toMs] (epoch ms), as a track of their own: `body` itself when that is every point.
 * @throws RangeError when `body` is not such a track.
 */
export function trackWindow(body: Uint8Array, fromMs: number, toMs: number): Uint8Array {
  // The decoder's typed arrays need the track to start its own, aligned buffer.
  const own =
    body.byteOffset === 0 && body.buffer.byteLength === body.byteLength ? body : body.slice();
  const columns = decodeTrackBinary(own.buffer as ArrayBuffer);
  const first = firstAtOrAfter(columns.time, fromMs);
  const end = firstAtOrAfter(columns.time, toMs + 1);
  if (first === 0 && end === columns.length) return body;
  return encodeTrackRange(columns, first, Math.max(first, end));
}
