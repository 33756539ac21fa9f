import type { Track } from './track';

/**
 * The tracks of one file replayed as one recording (a multi-day hike, a triathlon's legs): their
 * points in time order, of equal times the first kept, named after the tracks joined with " + ", with
 * the sport they share (null when they differ). Throws a RangeError for an empty list.
 */
export function joinTracks(tracks: readonly Track[]): Track {
  const [first] = tracks;
  if (!first) throw new RangeError('joinTracks needs at least one track');
  if (tracks.length === 1) return first;
  const sorted = tracks.flatMap((track) => track.points).sort((a, b) => a.timeMs - b.timeMs);
  const points = sorted.filter((point, i) => i === 0 || sorted[i - 1]?.timeMs !== point.timeMs);
  const sports = new Set(tracks.map((track) => track.sport));
  return {
    name: tracks.map((track) => track.name).join(' + '),
    sport: sports.size === 1 ? first.sport : null,
    points,
  };
}
