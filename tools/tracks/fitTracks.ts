import FitParser, { type ParsedFit } from 'fit-file-parser';
import type { Track } from './track';
import { toTrackPoints, type RawTrackPoint } from './trackPoints';

type ParsedRecord = NonNullable<ParsedFit['records']>[number];
type ParsedSession = NonNullable<ParsedFit['sessions']>[number];

function timeOf(date: Date | undefined): number | null {
  return date === undefined ? null : date.getTime();
}

function rawPoint(record: ParsedRecord): RawTrackPoint {
  return {
    timeMs: timeOf(record.timestamp),
    lat: record.position_lat ?? null,
    lon: record.position_long ?? null,
    altM: record.enhanced_altitude ?? record.altitude ?? null,
    speedMps: record.enhanced_speed ?? record.speed ?? null,
    heartRateBpm: record.heart_rate ?? null,
  };
}

/**
 * The index of the session a record at `timeMs` belongs to: the first whose end (`timestamp`) is at or
 * after it; a record after every end goes to the last session. Start times are not used: the Lysefjord
 * file's first session says it started 45 minutes after its first record (the timer's start, not the
 * recording's).
 */
function sessionIndex(ends: readonly number[], timeMs: number): number {
  const index = ends.findIndex((end) => timeMs <= end);
  return index === -1 ? ends.length - 1 : index;
}

/**
 * The tracks of a FIT activity file's bytes (issue 5 item 6), parsed with fit-file-parser (`force`:
 * chained headers and bad CRCs are read as far as possible): one track per session (a multisport file
 * has one per leg and transition), named `Session N` (from 1) and with the session's sport (`running`,
 * `cycling`, `transition`, `generic` …); a file without sessions gives one track `Activity` without
 * sport. Points are the records with a position (degrees), altitude and speed preferring the enhanced
 * fields (m, m/s), heart rate; records without a position (GPS gaps) are skipped. Sessions without
 * any positioned record are left out. Throws an Error naming `fileName` when the parser rejects the
 * bytes.
 */
export async function fitTracks(bytes: Uint8Array, fileName: string): Promise<Track[]> {
  // A copy the parser owns, as an ArrayBuffer of exactly the file's bytes.
  const buffer = bytes.slice().buffer;
  let records: ParsedRecord[];
  let sessions: ParsedSession[];
  try {
    const parsed = await new FitParser({ force: true, mode: 'list' }).parseAsync(buffer);
    records = parsed.records ?? [];
    sessions = parsed.sessions ?? [];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${fileName}: not a readable FIT file (${reason})`, { cause: error });
  }
  const timed = sessions.filter((session) => session.timestamp !== undefined);
  if (timed.length === 0) {
    return keepFilled([
      { name: 'Activity', sport: null, points: toTrackPoints(records.map(rawPoint)) },
    ]);
  }
  const ends = timed.map((session) => timeOf(session.timestamp) ?? Number.POSITIVE_INFINITY);
  const raw: RawTrackPoint[][] = timed.map(() => []);
  for (const record of records) {
    const point = rawPoint(record);
    if (point.timeMs === null) continue;
    raw[sessionIndex(ends, point.timeMs)]?.push(point);
  }
  return keepFilled(
    timed.map((session, index) => ({
      name: `Session ${index + 1}`,
      sport: session.sport === undefined ? null : String(session.sport),
      points: toTrackPoints(raw[index] ?? []),
    })),
  );
}

function keepFilled(tracks: Track[]): Track[] {
  return tracks.filter((track) => track.points.length > 0);
}
