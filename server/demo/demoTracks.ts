import path from 'node:path';
import type { ActivityType } from '../../src/api/enums';
import { readTrackFile, type Track } from '../../tools/tracks';

/*
 * The real tracks of the live demo (issue 5 item 7), copied with their licences into
 * server/demo/tracks/ (SOURCES.md there): which file is which activity type, and where they are read
 * from in the source tree and in the bundled server (dist/server → ../../server/demo/tracks).
 */

/** The demo tracks' directory, from this module in the source tree or the bundle in dist/server. */
export function demoTracksDir(): string {
  const here = import.meta.dirname;
  return path.basename(here) === 'demo'
    ? path.join(here, 'tracks')
    : path.resolve(here, '../../server/demo/tracks');
}

/**
 * One recorded outing of the demo history: a track file, the activity type of each of its tracks
 * (by the track's sport as the file spells it; `fallback` for others) and how many days before the
 * demo's anchor day its first track starts (relative timing within the file is kept).
 */
export interface DemoOuting {
  readonly file: string;
  readonly daysAgo: number;
  readonly fallback: ActivityType;
  readonly bySport?: Readonly<Record<string, ActivityType>>;
}

/** The demo member's history, newest first; the 3-day hike becomes a multi-day journey. */
export const DEMO_HISTORY: readonly DemoOuting[] = [
  { file: 'run-washington-dc-hr.gpx', daysAgo: 2, fallback: 'RUNNING' },
  { file: 'bike-zurich-ch-hr.tcx', daysAgo: 4, fallback: 'CYCLING' },
  { file: 'sail-valencia-regatta-ESP29375-race1.gpx', daysAgo: 6, fallback: 'SAILING' },
  {
    file: 'triathlon-openwater-swim-bike-run-fr.fit',
    daysAgo: 9,
    fallback: 'OTHER',
    bySport: { swimming: 'SWIMMING', cycling: 'CYCLING', running: 'RUNNING' },
  },
  {
    file: 'multisport-kayak-run-bike-lysefjord-no.fit',
    daysAgo: 12,
    fallback: 'OTHER',
    bySport: { generic: 'KAYAKING', running: 'RUNNING', cycling: 'CYCLING' },
  },
  { file: 'multiday-hike-black-forest-de-3days.gpx', daysAgo: 20, fallback: 'HIKING' },
];

/** The live replay: the Lysefjord paddle (on the water, inside Norway's rescue coverage). */
export const DEMO_LIVE = { file: 'multisport-kayak-run-bike-lysefjord-no.fit', sport: 'generic' };

/** The activity type of `track` in `outing`. */
export function outingType(outing: DemoOuting, track: Track): ActivityType {
  const sport = track.sport?.toLowerCase() ?? '';
  return outing.bySport?.[sport] ?? outing.fallback;
}

/** Reads a demo track file from {@link demoTracksDir}. */
export function readDemoTrack(file: string): Promise<Track[]> {
  return readTrackFile(path.join(demoTracksDir(), file));
}
