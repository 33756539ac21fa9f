import { filter, map, startWith, switchMap } from 'rxjs';
import type { LocationPoint } from '../../api/entities/location';
import type { TelemetryWearerUpdate } from '../../api/socket';
import type { AppEpic } from '../epic';
import { wearerTelemetryReceived } from '../realtime/realtimeSlice';
import { loggedOut } from '../session/sessionSlice';
import { bufferUntilFrame } from './bufferUntilFrame';
import { historyPointsAppended } from './locationHistorySlice';

/**
 * The points of `updates` grouped by ActivityId: each activity's points concatenated in the order the
 * updates arrived (the track sorts late points in). Updates without an activity or without points
 * contribute nothing. Shape: `{ [ActivityId]: LocationPoint[] }`.
 */
export function mergeByActivity(
  updates: readonly TelemetryWearerUpdate[],
): Record<number, LocationPoint[]> {
  const byActivity: Record<number, LocationPoint[]> = {};
  for (const { ActivityId, Points } of updates) {
    if (ActivityId === null || Points.length === 0) continue;
    const points = (byActivity[ActivityId] ??= []);
    for (const point of Points) points.push(point);
  }
  return byActivity;
}

const carriesPoints = (update: TelemetryWearerUpdate): boolean =>
  update.ActivityId !== null && update.Points.length > 0;

/**
 * Telemetry bursts coalesced (issue 6 item 2; spec §7 TelemetryWearerUpdate; STYLE.md "telemetry
 * bursts: buffer then coalesce by id"): the points of every `wearerTelemetryReceived` that carries
 * points are buffered until the next animation frame of `frameScheduler` (at most
 * FRAME_BUFFER_MAX_WAIT_MS, 1 s, in a hidden tab) and leave as ONE `historyPointsAppended` per frame,
 * merged by activity. A frame without such events dispatches nothing. Logout (spec §4: everything is
 * cleared) drops the points still waiting.
 */
export const telemetryCoalescingEpic: AppEpic = (action$, _state$, { frameScheduler }) =>
  action$.pipe(
    filter(loggedOut.match),
    startWith(null),
    switchMap(() =>
      action$.pipe(
        filter(wearerTelemetryReceived.match),
        map((action) => action.payload),
        filter(carriesPoints),
        bufferUntilFrame(frameScheduler),
        map((updates) => historyPointsAppended({ byActivity: mergeByActivity(updates) })),
      ),
    ),
  );

export const locationHistoryEpics: AppEpic[] = [telemetryCoalescingEpic];
