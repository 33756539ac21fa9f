import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { columnPoints, toGpx } from '../../../../src/features/activities/export/gpx';
import { parseTrackFile } from '../../../../tools/tracks';

const T0 = Date.UTC(2026, 10, 20, 9, 30);

describe('GPX export (issue 7 item 5)', () => {
  it('writes a GPX 1.1 track that a GPX reader reads back point for point', () => {
    const columns = {
      length: 3,
      time: new Float64Array([T0, T0 + 1_000, T0 + 2_000]),
      positions: new Float64Array([6.0512345, 59.0123456, 6.0513, 59.0124, 6.0514, 59.0125]),
      alt: new Float32Array([12.34, Number.NaN, 14]),
    };
    const text = toGpx([
      { name: 'Kayaking <Lysefjord> & back', type: 'KAYAKING', points: columnPoints(columns) },
    ]);
    expect(text).toContain('<name>Kayaking &lt;Lysefjord&gt; &amp; back</name>');
    const parsed = gpx(new DOMParser().parseFromString(text, 'text/xml'));
    const [feature] = parsed.features;
    expect(feature?.properties?.name).toBe('Kayaking <Lysefjord> & back');
    expect(feature?.properties?.type).toBe('KAYAKING');
    expect(feature?.geometry.type).toBe('LineString');
    const coordinates = (feature?.geometry as { coordinates: number[][] }).coordinates;
    expect(coordinates[0]).toEqual([6.0512345, 59.0123456, 12.3]);
    expect(coordinates[1]).toEqual([6.0513, 59.0124]);
    const times = (feature?.properties as { coordinateProperties: { times: string[] } })
      .coordinateProperties.times;
    expect(times).toEqual([
      '2026-11-20T09:30:00.000Z',
      '2026-11-20T09:30:01.000Z',
      '2026-11-20T09:30:02.000Z',
    ]);
  });

  it('writes each known heart rate as a Garmin TrackPointExtension that GPX readers read back', async () => {
    const columns = {
      length: 4,
      time: new Float64Array([T0, T0 + 1_000, T0 + 2_000, T0 + 3_000]),
      positions: new Float64Array([8, 48, 8.0001, 48, 8.0002, 48, 8.0003, 48]),
      alt: new Float32Array([200, 201.5, Number.NaN, 203]),
      heartRate: new Float32Array([142, Number.NaN, 151.6, 99]),
    };
    const text = toGpx([{ name: 'Run', type: 'RUNNING', points: columnPoints(columns) }]);
    expect(text).toContain(
      'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"',
    );
    // GPX 1.1 orders a trkpt's children: ele, time, …, extensions last.
    expect(text).toContain(
      '<trkpt lat="48" lon="8"><ele>200</ele><time>2026-11-20T09:30:00.000Z</time>' +
        '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>142</gpxtpx:hr>' +
        '</gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
    expect(text).toContain(
      '<trkpt lat="48" lon="8.0001"><ele>201.5</ele><time>2026-11-20T09:30:01.000Z</time></trkpt>',
    );

    const [feature] = gpx(new DOMParser().parseFromString(text, 'text/xml')).features;
    const properties = feature?.properties as {
      coordinateProperties: { times: string[]; heart: (number | null)[] };
    };
    expect(properties.coordinateProperties.heart).toEqual([142, null, 152, 99]);
    expect(properties.coordinateProperties.times).toEqual(
      [0, 1, 2, 3].map((s) => new Date(T0 + s * 1_000).toISOString()),
    );
    expect((feature?.geometry as { coordinates: number[][] }).coordinates).toEqual([
      [8, 48, 200],
      [8.0001, 48, 201.5],
      [8.0002, 48],
      [8.0003, 48, 203],
    ]);

    // The simulator's and the demo importer's reader (tools/tracks) takes them back too.
    const [track] = await parseTrackFile('run.gpx', new TextEncoder().encode(text));
    expect(track?.points.map((p) => [p.timeMs, p.altM, p.heartRateBpm])).toEqual([
      [T0, 200, 142],
      [T0 + 1_000, 201.5, null],
      [T0 + 2_000, null, 152],
      [T0 + 3_000, 203, 99],
    ]);
  });

  it('writes no extensions for a track without heart rate', () => {
    const text = toGpx([
      {
        name: 'Walk',
        type: 'WALKING',
        points: [
          { time: T0, lon: 8, lat: 48, ele: null },
          { time: T0 + 1_000, lon: 8.001, lat: 48, ele: null, heartRate: null },
        ],
      },
    ]);
    expect(text).not.toContain('<extensions>');
  });

  it('writes one track per activity of a journey', () => {
    const track = (name: string) => ({
      name,
      type: 'HIKING',
      points: [
        { time: T0, lon: 8, lat: 48, ele: null },
        { time: T0 + 1_000, lon: 8.001, lat: 48, ele: null },
      ],
    });
    const parsed = gpx(
      new DOMParser().parseFromString(toGpx([track('Day 1'), track('Day 2')]), 'text/xml'),
    );
    expect(parsed.features.map((f) => String(f.properties?.name))).toEqual(['Day 1', 'Day 2']);
  });
});
