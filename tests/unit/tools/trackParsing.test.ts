import { FitBaseType, FitEncoder } from 'fit-file-parser';
import { describe, expect, it } from 'vitest';
import { parseTrackFile } from '../../../tools/tracks';

/*
 * Edge cases of the readers on small hand-written documents (the real files are in tracks.test.ts):
 * what a file shape the real tracks do not show must give.
 */

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const GPX_HEAD =
  '<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"' +
  ' xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">';

function trkpt(lat: string, lon: string, inner: string): string {
  return `<trkpt lat="${lat}" lon="${lon}">${inner}</trkpt>`;
}

function hr(value: number): string {
  return `<extensions><ns3:TrackPointExtension><ns3:hr>${value}</ns3:hr></ns3:TrackPointExtension></extensions>`;
}

describe('GPX reading', () => {
  it('pairs times and heart rates with the right positions when some points have no time', async () => {
    const gpx =
      `${GPX_HEAD}<trk><name>Edge</name><type>running</type><trkseg>` +
      trkpt('46.1', '7.1', `<ele>500</ele><time>2024-05-01T10:00:00Z</time>${hr(100)}`) +
      trkpt('46.2', '7.2', `<ele>510</ele>${hr(110)}`) +
      trkpt('46.3', '7.3', `<ele>-500</ele><time>2024-05-01T10:00:10Z</time>${hr(120)}`) +
      trkpt('nope', '7.4', `<time>2024-05-01T10:00:15Z</time>${hr(125)}`) +
      trkpt('46.5', '7.5', `<ele>9433</ele><time>2024-05-01T10:00:05Z</time>${hr(0)}`) +
      trkpt('46.6', '7.6', `<time>2024-05-01T10:00:10Z</time>${hr(140)}`) +
      `</trkseg></trk><rte><rtept lat="1" lon="1"/><rtept lat="2" lon="2"/></rte></gpx>`;
    const tracks = await parseTrackFile('edge.gpx', bytes(gpx));
    expect(tracks).toEqual([
      {
        name: 'Edge',
        sport: 'running',
        points: [
          {
            timeMs: Date.parse('2024-05-01T10:00:00Z'),
            lat: 46.1,
            lon: 7.1,
            altM: 500,
            speedMps: null,
            heartRateBpm: 100,
          },
          {
            timeMs: Date.parse('2024-05-01T10:00:05Z'),
            lat: 46.5,
            lon: 7.5,
            altM: null,
            speedMps: null,
            heartRateBpm: null,
          },
          {
            timeMs: Date.parse('2024-05-01T10:00:10Z'),
            lat: 46.3,
            lon: 7.3,
            altM: null,
            speedMps: null,
            heartRateBpm: 120,
          },
        ],
      },
    ]);
  });

  it('joins the segments of a track and skips a track without timed points', async () => {
    const gpx =
      `${GPX_HEAD}<trk><trkseg>` +
      trkpt('1', '1', '<time>2024-05-01T10:00:00Z</time><speed>2.5</speed>') +
      trkpt('1.1', '1', '<time>2024-05-01T10:00:01Z</time>') +
      `</trkseg><trkseg>` +
      trkpt('1.2', '1', '<time>2024-05-01T10:05:00Z</time>') +
      trkpt('1.3', '1', '<time>2024-05-01T10:05:01Z</time>') +
      `</trkseg></trk><trk><name>Planned</name><trkseg>` +
      trkpt('2', '2', '') +
      trkpt('2.1', '2', '') +
      `</trkseg></trk></gpx>`;
    const tracks = await parseTrackFile('segments.GPX', bytes(gpx));
    expect(tracks.map((t) => [t.name, t.points.length])).toEqual([['Track 1', 4]]);
    expect(tracks[0]?.points[0]?.speedMps).toBe(2.5);
  });

  it('says which file is not well-formed XML', async () => {
    await expect(parseTrackFile('broken.gpx', bytes('<gpx><trk></gpx>'))).rejects.toThrow(
      /broken\.gpx: not well-formed XML/,
    );
  });
});

describe('TCX reading', () => {
  const point = (time: string, lat: number, hrValue: string) =>
    `<Trackpoint><Time>${time}</Time><Position><LatitudeDegrees>${lat}</LatitudeDegrees>` +
    `<LongitudeDegrees>8.5</LongitudeDegrees></Position>${hrValue}</Trackpoint>`;
  const heart = (value: number) => `<HeartRateBpm><Value>${value}</Value></HeartRateBpm>`;

  it('gives one track per activity, its laps joined, heart rate by point', async () => {
    const tcx =
      '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>' +
      '<Activity Sport="Running"><Id>run-1</Id>' +
      `<Lap><Track>${point('2024-05-01T10:00:00Z', 47.1, heart(120))}${point('2024-05-01T10:00:01Z', 47.2, '')}</Track></Lap>` +
      `<Lap><Track>${point('2024-05-01T10:00:02Z', 47.3, heart(130))}${point('2024-05-01T10:00:03Z', 47.4, heart(131))}</Track></Lap>` +
      '</Activity><Activity Sport="Biking"><Id>ride-1</Id>' +
      `<Lap><Track>${point('2024-05-01T11:00:00Z', 47.5, heart(140))}${point('2024-05-01T11:00:01Z', 47.6, heart(141))}</Track></Lap>` +
      '</Activity></Activities></TrainingCenterDatabase>';
    const tracks = await parseTrackFile('two.tcx', bytes(tcx));
    expect(tracks.map((t) => [t.name, t.sport, t.points.map((p) => p.heartRateBpm)])).toEqual([
      ['run-1', 'Running', [120, null, 130, 131]],
      ['ride-1', 'Biking', [140, 141]],
    ]);
  });
});

describe('FIT reading', () => {
  const T0 = Date.UTC(2024, 4, 1, 10, 0, 0);
  const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180);
  const timestamp = (ms: number) => ({
    number: 253,
    size: 4,
    baseType: FitBaseType.Uint32,
    value: FitEncoder.toFitTimestamp(new Date(ms)),
  });
  /** A record (global message 20) at `ms`, with a position in degrees unless null, and heart rate. */
  const record = (encoder: FitEncoder, ms: number, lat: number | null, heartRate: number) => {
    const position =
      lat === null
        ? []
        : [
            { number: 0, size: 4, baseType: FitBaseType.Sint32, value: semicircles(lat) },
            { number: 1, size: 4, baseType: FitBaseType.Sint32, value: semicircles(8.5) },
          ];
    encoder.writeMessage(20, [
      timestamp(ms),
      ...position,
      { number: 3, size: 1, baseType: FitBaseType.Uint8, value: heartRate },
    ]);
  };
  /** A session (global message 18) from `startMs` to `endMs` of FIT sport number `sport`. */
  const session = (encoder: FitEncoder, startMs: number, endMs: number, sport: number) => {
    encoder.writeMessage(18, [
      timestamp(endMs),
      {
        number: 2,
        size: 4,
        baseType: FitBaseType.Uint32,
        value: FitEncoder.toFitTimestamp(new Date(startMs)),
      },
      { number: 5, size: 1, baseType: FitBaseType.Enum, value: sport },
    ]);
  };

  it('gives a file without sessions one track of its positioned records', async () => {
    const encoder = new FitEncoder();
    record(encoder, T0, 47.1, 120);
    record(encoder, T0 + 1_000, null, 121);
    record(encoder, T0 + 2_000, 47.2, 122);
    const tracks = await parseTrackFile('bare.fit', encoder.close());
    expect(tracks).toHaveLength(1);
    expect(tracks[0]?.name).toBe('Activity');
    expect(tracks[0]?.sport).toBeNull();
    expect(tracks[0]?.points.map((p) => [p.timeMs, p.heartRateBpm])).toEqual([
      [T0, 120],
      [T0 + 2_000, 122],
    ]);
    expect(tracks[0]?.points[0]?.lat).toBeCloseTo(47.1, 6);
  });

  it('splits records by session end, leaves out a session without positions', async () => {
    const encoder = new FitEncoder();
    record(encoder, T0, 47.1, 120);
    record(encoder, T0 + 10_000, 47.2, 121);
    record(encoder, T0 + 11_000, null, 122);
    record(encoder, T0 + 20_000, 47.3, 123);
    record(encoder, T0 + 25_000, 47.4, 124);
    session(encoder, T0, T0 + 10_000, 1);
    session(encoder, T0 + 10_000, T0 + 12_000, 0);
    session(encoder, T0 + 12_000, T0 + 21_000, 2);
    const tracks = await parseTrackFile('legs.fit', encoder.close());
    expect(tracks.map((t) => [t.name, t.sport, t.points.map((p) => p.heartRateBpm)])).toEqual([
      ['Session 1', 'running', [120, 121]],
      // Session 2 (generic) has no positioned record; the record after the last end joins session 3.
      ['Session 3', 'cycling', [123, 124]],
    ]);
  });

  it('says which file is not a FIT file', async () => {
    await expect(parseTrackFile('noise.fit', bytes('not a fit file at all'))).rejects.toThrow(
      /noise\.fit: not a readable FIT file/,
    );
  });
});
