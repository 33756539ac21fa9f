/*
 * One recorded track as the simulator and the live demo replay it (issue 5 item 6), whatever file it
 * came from (GPX, TCX or FIT: readTrackFile.ts).
 */

/**
 * One fix of a recorded track:
 * - `timeMs` when it was recorded, epoch ms (the file's clock);
 * - `lat`, `lon` WGS 84 degrees;
 * - `altM` altitude in metres, null when the file has none or an implausible one (trackPoints.ts);
 * - `speedMps` the recorder's ground speed in m/s, null when the file carries none;
 * - `heartRateBpm` heart rate in beats per minute, null when not recorded.
 */
export interface TrackPoint {
  readonly timeMs: number;
  readonly lat: number;
  readonly lon: number;
  readonly altM: number | null;
  readonly speedMps: number | null;
  readonly heartRateBpm: number | null;
}

/**
 * One track of a file (a GPX `trk`, a TCX `Activity`, a FIT session): its `name` as the file gives it,
 * its `sport` as the file spells it (GPX `type`, TCX `Sport`, FIT session sport: `running`, `Biking`,
 * `sailing_v2` …, null when absent) and its points in strictly increasing time (at least one).
 */
export interface Track {
  readonly name: string;
  readonly sport: string | null;
  readonly points: readonly TrackPoint[];
}

/** Time from a track's first point to its last, ms (0 for a single point). */
export function trackDurationMs(track: Track): number {
  const first = track.points[0];
  const last = track.points[track.points.length - 1];
  return first && last ? last.timeMs - first.timeMs : 0;
}
