import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { columnPoints, toGpx } from '../../../../src/features/activities/export/gpx';

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
