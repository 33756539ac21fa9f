import { ActivityDetail } from '../src/api/entities/activity';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';
import { readGpxPoints } from './lib/gpxTrack';

const TRACK = 'tests/fixtures/tracks/sail-valencia-regatta-ESP29375-race1.gpx';

/** How fast the contract validates an activity detail with its location history (client and server). */
export const contractBench: BenchArea = {
  area: 'contract',
  async run(): Promise<Figure[]> {
    const points = await readGpxPoints(TRACK);
    const detail = {
      ActivityId: 1,
      ActivityType: 'SAILING',
      TimestampStart: points[0]?.Time ?? 0,
      TimestampEnd: points[points.length - 1]?.Time ?? 0,
      ActivityStats: {
        Distance: { Displayed: 4600, Meters: 4600, Type: 'GNSS' },
        DurationMs: 1_900_000,
        SpeedAvgMPS: 2.4,
        SpeedMaxMPS: 4.1,
      },
      LocationHistory: points,
    };
    const check = ActivityDetail.safeParse(detail);
    if (!check.success) throw new Error(`bench input off the contract: ${check.error.message}`);
    const result = await measure(() => ActivityDetail.parse(detail));
    return [
      {
        bench: 'contract.parse-activity-detail',
        metric: 'points validated per second',
        value: Math.round(result.opsPerSecond * points.length),
        unit: 'points/s',
        params: {
          points: points.length,
          track: 'sail-valencia-regatta',
          iterations: result.iterations,
        },
      },
    ];
  },
};
