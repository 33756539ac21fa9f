import type { ActivityDetail } from '../../../../src/api/entities/activity';
import { EARTH_RADIUS_M } from '../../../../src/api/geo/haversine';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import type { AppStore } from '../../../../src/store/store';

/** Start of the test activity, epoch ms. */
export const TRACK_START = Date.UTC(2026, 5, 1, 8, 0);

/** Degrees of longitude on the equator per metre of the spec's sphere (R = 6372.8 km). */
const DEG_PER_M = 180 / (Math.PI * EARTH_RADIUS_M);

/**
 * Activity `id`: 51 fixes east along the equator 50 m and 10 s apart (2.5 km in 500 s at 5 m/s,
 * 18 km/h), climbing 2 m per fix from 100 m — distances the splits and charts can be checked
 * against exactly. `points: 0` gives an activity without positions. With `heartRate`, fix `i`
 * carries `HeartRate: heartRate(i)` (bpm; null for none); without it no fix has one.
 */
export function equatorActivity(
  id: number,
  points = 51,
  splits: ActivityDetail['SplitsSettings'] = null,
  heartRate?: (i: number) => number | null,
): ActivityDetail {
  return {
    ActivityId: id,
    ActivityType: 'RUNNING',
    TimestampStart: TRACK_START,
    TimestampEnd: TRACK_START + 500_000,
    ActivityStats: {
      Distance: { Displayed: 2500, Meters: 2500, Type: 'GNSS' },
      DurationMs: 500_000,
      SpeedAvgMPS: 5,
      SpeedMaxMPS: 5,
    },
    LocationHistory: Array.from({ length: points }, (_, i) => ({
      Time: TRACK_START + i * 10_000,
      X: i * 50 * DEG_PER_M,
      Y: 0,
      Hacc: 5,
      Alt: 100 + 2 * i,
      Speed: 5,
      ...(heartRate ? { HeartRate: heartRate(i) } : {}),
    })),
    SplitsSettings: splits,
  };
}

/** Puts `detail` into `store` as a loaded detail does (history, then the rest). */
export function loadDetail(store: AppStore, detail: ActivityDetail): void {
  for (const action of detailLoadedActions(detail).now) store.dispatch(action);
}
