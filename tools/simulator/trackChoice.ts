import { joinTracks, trackDurationMs, type Track } from '../tracks';

/**
 * The track to replay from a file's `tracks`: the `session`-th (from 1), or, for null, all of them
 * joined in time order as one recording (tools/tracks joinTracks). Throws a RangeError when the file
 * has no track or fewer than `session`.
 */
export function chooseTrack(tracks: readonly Track[], session: number | null): Track {
  if (tracks.length === 0) throw new RangeError('the file has no track with timed positions');
  if (session === null) return joinTracks(tracks);
  const track = tracks[session - 1];
  if (!track) {
    throw new RangeError(`--session ${session}: the file has ${tracks.length} track(s), from 1`);
  }
  return track;
}

/** Hours and minutes of a duration in ms, e.g. `6 h 50 min`, `33 min`, `12 s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** One line describing track number `number` (from 1): name, sport, points and duration. */
export function describeTrack(track: Track, number: number): string {
  const sport = track.sport === null ? '' : ` (${track.sport})`;
  const duration = formatDuration(trackDurationMs(track));
  return `${number}. ${track.name}${sport}: ${track.points.length} points over ${duration}`;
}
