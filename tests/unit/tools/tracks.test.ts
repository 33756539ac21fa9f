import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readTrackFile,
  trackDurationMs,
  TRACK_MAX_ALT_M,
  TRACK_MIN_ALT_M,
  type Track,
} from '../../../tools/tracks';

const TRACKS = path.resolve(import.meta.dirname, '../../fixtures/tracks');
const HOUR_MS = 3_600_000;

function fixture(name: string): string {
  return path.join(TRACKS, name);
}

function hours(ms: number): number {
  return ms / HOUR_MS;
}

const read = new Map<string, Promise<Track[]>>();
/** The tracks of fixture `name`, read once per test file. */
function tracksOf(name: string): Promise<Track[]> {
  let tracks = read.get(name);
  if (!tracks) {
    tracks = readTrackFile(fixture(name));
    read.set(name, tracks);
  }
  return tracks;
}

/** First point of the first track to the last point of the last track, hours. */
function spanHours(tracks: Track[]): number {
  const first = tracks[0]?.points[0];
  const last = tracks.at(-1)?.points.at(-1);
  return first && last ? hours(last.timeMs - first.timeMs) : 0;
}

function pointCount(tracks: Track[]): number {
  return tracks.reduce((sum, track) => sum + track.points.length, 0);
}

describe('readTrackFile on the real tracks (tests/fixtures/tracks/SOURCES.md)', () => {
  it('keeps the fixtures byte for byte as SOURCES.md lists them', async () => {
    const sources = await readFile(fixture('SOURCES.md'), 'utf8');
    const listed = [...sources.matchAll(/^([0-9a-f]{64}) {2}(\S+)$/gm)];
    expect(listed).toHaveLength(6);
    for (const [, sha, name] of listed) {
      const bytes = await readFile(fixture(name ?? ''));
      expect(createHash('sha256').update(bytes).digest('hex'), name).toBe(sha);
    }
  });

  it('reads the 3-day Black Forest hike as three tracks "Tag 1/2/3", 117 points over 45.2 h', async () => {
    const tracks = await tracksOf('multiday-hike-black-forest-de-3days.gpx');
    expect(tracks.map((t) => [t.name, t.sport, t.points.length])).toEqual([
      ['Tag 1', null, 38],
      ['Tag 2', null, 65],
      ['Tag 3', null, 14],
    ]);
    expect(spanHours(tracks)).toBeCloseTo(45.2, 1);
    expect(tracks[0]?.points[0]).toEqual({
      timeMs: Date.parse('2008-07-12T09:58:23Z'),
      lat: 48.2805591,
      lon: 8.1783223,
      altM: 258.7319336,
      speedMps: null,
      heartRateBpm: null,
    });
  });

  it('reads heart rate under ns3:hr in the sailing file, and drops its junk altitudes', async () => {
    const [track, ...others] = await tracksOf('sail-valencia-regatta-ESP29375-race1.gpx');
    expect(others).toEqual([]);
    expect(track?.name).toBe('Vela');
    expect(track?.sport).toBe('sailing_v2');
    expect(track?.points).toHaveLength(1913);
    expect(hours(trackDurationMs(track as Track))).toBeCloseTo(0.53, 2);
    expect(track?.points.every((p) => p.heartRateBpm !== null)).toBe(true);
    expect(track?.points.slice(0, 2).map((p) => [p.heartRateBpm, p.altM])).toEqual([
      [90, null],
      [91, null],
    ]);
    const altitudes = (track?.points ?? []).flatMap((p) => (p.altM === null ? [] : [p.altM]));
    expect(altitudes.length).toBeGreaterThan(0);
    expect(Math.min(...altitudes)).toBeGreaterThanOrEqual(TRACK_MIN_ALT_M);
    expect(Math.max(...altitudes)).toBeLessThanOrEqual(TRACK_MAX_ALT_M);
  });

  it('reads the Washington run with gpxtpx:hr, keeping one of the two points at the same time', async () => {
    const [track] = await tracksOf('run-washington-dc-hr.gpx');
    expect(track?.points).toHaveLength(205);
    expect(hours(trackDurationMs(track as Track))).toBeCloseTo(0.26, 2);
    expect(track?.points[0]?.heartRateBpm).toBe(130);
    expect(track?.points.every((p) => p.heartRateBpm !== null && p.altM !== null)).toBe(true);
  });

  it('reads the Zürich TCX ride as one Biking activity of 465 points with heart rate', async () => {
    const tracks = await tracksOf('bike-zurich-ch-hr.tcx');
    expect(tracks.map((t) => [t.name, t.sport, t.points.length])).toEqual([
      ['2020-12-27T15:43:49.000+01:00', 'Biking', 465],
    ]);
    expect(hours(trackDurationMs(tracks[0] as Track))).toBeCloseTo(0.13, 2);
    expect(tracks[0]?.points[0]).toMatchObject({
      timeMs: Date.parse('2020-12-27T15:59:36.000+01:00'),
      lat: 47.38894331455231,
      lon: 8.467751383781433,
      altM: 483,
      heartRateBpm: 121,
    });
  });

  it('splits the Lysefjord multisport FIT file into its 7 sessions over 6.84 h', async () => {
    const tracks = await tracksOf('multisport-kayak-run-bike-lysefjord-no.fit');
    expect(tracks.map((t) => t.sport)).toEqual([
      'generic',
      'transition',
      'running',
      'transition',
      'running',
      'transition',
      'cycling',
    ]);
    expect(tracks.map((t) => t.name)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Session ${n}`));
    // 24,235 records with a position, of which 7 repeat the time of the one before.
    expect(pointCount(tracks)).toBe(24_228);
    expect(spanHours(tracks)).toBeCloseTo(6.84, 2);
    expect(tracks[0]?.points[0]).toMatchObject({ heartRateBpm: 100, speedMps: 0.74 });
    for (let i = 1; i < tracks.length; i += 1) {
      const previousEnd = tracks[i - 1]?.points.at(-1)?.timeMs ?? 0;
      expect(tracks[i]?.points[0]?.timeMs).toBeGreaterThan(previousEnd);
    }
  });

  it('reads the triathlon FIT file with chained headers and swim GPS gaps as 5 sessions', async () => {
    const tracks = await tracksOf('triathlon-openwater-swim-bike-run-fr.fit');
    expect(tracks.map((t) => t.sport)).toEqual([
      'swimming',
      'transition',
      'cycling',
      'transition',
      'running',
    ]);
    expect(pointCount(tracks)).toBe(1_462);
    expect(spanHours(tracks)).toBeCloseTo(2.64, 2);
    // The swim is 33 minutes long but has a position only now and then.
    expect(tracks[0]?.points).toHaveLength(39);
  });

  it('gives every track of every file positions in range and strictly increasing times', async () => {
    const names = [
      'multiday-hike-black-forest-de-3days.gpx',
      'run-washington-dc-hr.gpx',
      'sail-valencia-regatta-ESP29375-race1.gpx',
      'bike-zurich-ch-hr.tcx',
      'multisport-kayak-run-bike-lysefjord-no.fit',
      'triathlon-openwater-swim-bike-run-fr.fit',
    ];
    const problems: string[] = [];
    for (const name of names) {
      for (const track of await tracksOf(name)) {
        if (track.points.length === 0) problems.push(`${name} ${track.name}: no points`);
        track.points.forEach((point, index) => {
          const previous = track.points[index - 1];
          if (previous && point.timeMs <= previous.timeMs) {
            problems.push(`${name} ${track.name} #${index}: time does not increase`);
          }
          if (Math.abs(point.lat) > 90 || Math.abs(point.lon) > 180) {
            problems.push(`${name} ${track.name} #${index}: position out of range`);
          }
        });
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('readTrackFile errors', () => {
  it('refuses an unknown extension by name', async () => {
    await expect(readTrackFile(fixture('SOURCES.md'))).rejects.toThrow(
      /SOURCES\.md: unknown track file type "\.md" \(expected \.gpx, \.tcx, \.fit\)/,
    );
  });

  it('says which file it cannot read', async () => {
    await expect(readTrackFile(fixture('missing.gpx'))).rejects.toThrow(
      /missing\.gpx: cannot read the track file/,
    );
  });
});
