import type { Action } from '@reduxjs/toolkit';
import fc from 'fast-check';
import type { LocationPoint } from '../../../../src/api/entities/location';
import { ActivityStatus, ActivityType, EntityType } from '../../../../src/api/enums';
import { activitySummariesLoaded } from '../../../../src/store/activities/activitySummariesSlice';
import {
  historyCleared,
  historyLoaded,
} from '../../../../src/store/locationHistory/locationHistorySlice';
import {
  notificationDismissed,
  notificationShown,
} from '../../../../src/store/notifications/notificationsSlice';
import {
  entityChangesReceived,
  socketInitReceived,
  socketStateChanged,
  socketVerified,
  wearerTelemetryReceived,
} from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut, signInRequested } from '../../../../src/store/session/sessionSlice';
import { themePreferenceChanged } from '../../../../src/store/slices/preferencesSlice';
import { arbitraryPoint, EPOCH } from '../locationHistory/trackModel';

/*
 * Random sequences of real actions of several slices with payloads the contract allows (issue 6
 * item 4 property). Small id pools make actions meet: notifications dismissed after being shown,
 * points appended to a loaded track, a summary replaced by a later load. Numbers are JSON-faithful
 * (no -0, no NaN), as the contract's values are, so an exported log reads back to the same actions.
 */

/** `fc.record` with ordinary prototypes, as JSON and the app's payloads have. */
function plainRecord<R>(model: { [K in keyof R]: fc.Arbitrary<R[K]> }): fc.Arbitrary<R> {
  return fc.record(model, { noNullPrototype: true });
}

const activityId = fc.constantFrom(101, 102, 103);
const time = fc.integer({ min: 0, max: 3_600_000 }).map((offset) => EPOCH + offset);

/** `point` with -0 made 0 (JSON writes -0 as 0). */
function jsonFaithful(point: LocationPoint): LocationPoint {
  const plus0 = (value: number | null) => (value === null ? null : value + 0);
  return {
    Time: point.Time,
    X: point.X + 0,
    Y: point.Y + 0,
    Hacc: plus0(point.Hacc),
    Alt: plus0(point.Alt),
    Speed: plus0(point.Speed),
  };
}

const points = fc.array(arbitraryPoint(120).map(jsonFaithful), { maxLength: 8 });

const preferences = fc
  .constantFrom('light', 'dark', 'system')
  .map((theme) => themePreferenceChanged(theme));

const notificationId = fc.constantFrom('n1', 'n2', 'n3');
const notifications = fc.oneof(
  fc
    .record(
      {
        id: notificationId,
        tone: fc.constantFrom('success', 'error', 'info'),
        key: fc.constantFrom('Notifications.Saved', 'Errors.Generic'),
        params: fc.dictionary(
          fc.constantFrom('detail', 'count'),
          fc.oneof(fc.string(), fc.integer()),
          {
            noNullPrototype: true,
          },
        ),
        durationMs: fc.integer({ min: 3_000, max: 20_000 }),
      },
      { requiredKeys: ['id', 'tone', 'key', 'durationMs'], noNullPrototype: true },
    )
    .map((notification) => notificationShown(notification)),
  notificationId.map((id) => notificationDismissed({ id })),
);

/** Which part of a long history a load carries (index < count), or none. */
const part = fc.option(
  fc.integer({ min: 1, max: 3 }).chain((count) =>
    plainRecord({
      index: fc.integer({ min: 0, max: count - 1 }),
      count: fc.constant(count),
      totalPoints: fc.integer({ min: 0, max: 24 }),
    }),
  ),
  { nil: undefined },
);

const locationHistory = fc.oneof(
  fc
    .record(
      {
        ActivityId: activityId,
        LocationHistory: points,
        TimestampEnd: fc.option(time),
        part,
      },
      { requiredKeys: ['ActivityId', 'LocationHistory', 'TimestampEnd'], noNullPrototype: true },
    )
    .map((payload) => historyLoaded(payload)),
  fc.option(activityId).map((id) => historyCleared(id === null ? undefined : { ActivityId: id })),
);

const summary = fc
  .record(
    {
      ActivityId: activityId,
      ActivityType: fc.constantFrom(...ActivityType.options),
      TimestampStart: time,
      TimestampEnd: fc.option(time),
      ActivityStats: plainRecord({
        Distance: plainRecord({
          Displayed: fc.integer({ min: 0, max: 50_000 }),
          Meters: fc.integer({ min: 0, max: 50_000 }),
          Type: fc.constant('GNSS' as const),
        }),
        DurationMs: fc.integer({ min: 0, max: 36_000_000 }),
        SpeedAvgMPS: fc.integer({ min: 0, max: 40 }),
        SpeedMaxMPS: fc.integer({ min: 0, max: 60 }),
      }),
      Status: fc.constantFrom(...ActivityStatus.options),
    },
    {
      requiredKeys: [
        'ActivityId',
        'ActivityType',
        'TimestampStart',
        'TimestampEnd',
        'ActivityStats',
      ],
      noNullPrototype: true,
    },
  )
  .map((s) => ({
    ...s,
    TimestampEnd: s.TimestampEnd === null ? null : Math.max(s.TimestampEnd, s.TimestampStart),
  }));

const summaries = plainRecord({
  fromMs: time,
  lengthMs: fc.integer({ min: 0, max: 3_600_000 }),
  Activities: fc.uniqueArray(summary, { selector: (s) => s.ActivityId, maxLength: 3 }),
}).map(({ fromMs, lengthMs, Activities }) =>
  activitySummariesLoaded({ fetched: [{ fromMs, toMs: fromMs + lengthMs }], Activities }),
);

const realtime = fc.oneof(
  fc
    .record(
      {
        state: fc.constantFrom('connecting', 'connected', 'reconnecting', 'disconnected'),
        socketId: fc.option(fc.constantFrom('s1', 's2')),
        attempt: fc.integer({ min: 1, max: 1_000 }),
      },
      { requiredKeys: ['state', 'socketId'], noNullPrototype: true },
    )
    .map((payload) => socketStateChanged(payload)),
  plainRecord({ socketId: fc.constantFrom('s1', 's2'), success: fc.boolean() }).map((payload) =>
    socketVerified(payload),
  ),
  plainRecord({
    ServerStartTimestamp: time,
    BuildTimestamp: fc.option(time),
    ServerTimestamp: time,
    socketUrl: fc.constantFrom('https://c2.example', 'https://other.example'),
    receivedAt: time,
  }).map((payload) => socketInitReceived(payload)),
  fc
    .array(
      plainRecord({
        EntityType: fc.constantFrom(...EntityType.options),
        EntityId: fc.integer({ min: 1, max: 5 }),
        ChangeType: fc.constantFrom('created', 'updated', 'deleted'),
        Timestamp: time,
        ActivityId: fc.option(activityId),
      }),
      { maxLength: 3 },
    )
    .map((changes) => entityChangesReceived(changes)),
  // One frame's telemetry: live wearers, tracks and the cached activities' status fold it.
  fc
    .tuple(
      fc.array(
        plainRecord({
          WearerID: fc.constantFrom(1, 2),
          ActivityId: fc.option(activityId),
          Points: points,
          Battery: fc.option(fc.integer({ min: 0, max: 100 })),
          Status: fc.option(fc.constantFrom(...ActivityStatus.options)),
          Heading: fc.option(fc.integer({ min: 0, max: 359 })),
        }),
        { maxLength: 4 },
      ),
      time,
    )
    .map(([updates, receivedAt]) => wearerTelemetryReceived({ updates, receivedAt })),
);

const session = fc.oneof(
  fc
    .constantFrom('user', 'inactivity', 'tokenRefreshFailed')
    .map((reason) => loggedOut({ reason })),
  // Sensitive: the log keeps its skeleton; its reducer reads no payload, so replay is still exact.
  plainRecord({ email: fc.emailAddress(), password: fc.string({ minLength: 8 }) }).map(
    (credentials) => signInRequested(credentials),
  ),
);

/** One real action of the slices above. */
export const arbitraryAction: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: preferences, weight: 1 },
  { arbitrary: notifications, weight: 2 },
  { arbitrary: locationHistory, weight: 4 },
  { arbitrary: summaries, weight: 2 },
  { arbitrary: realtime, weight: 2 },
  { arbitrary: session, weight: 1 },
);
