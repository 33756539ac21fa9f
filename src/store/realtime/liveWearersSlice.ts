import { createEntityAdapter, createSlice, original, type EntityState } from '@reduxjs/toolkit';
import type { TelemetryWearerUpdate } from '../../api/socket';
import type { ActivityStatus } from '../../api/enums';
import { activityDetailLoaded } from '../activities/activityEvents';
import { wearerTelemetryReceived } from './realtimeSlice';

/**
 * What the latest TelemetryWearerUpdate events (spec app §7) said about one wearer: the live activity
 * and its status, device battery %, heading (degrees clockwise from true north), heart rate (bpm) and
 * its device time (`HeartRateTime`, epoch ms: a reading may come after its fix, in an update without
 * points), the device time of the newest fix (`lastFixTime`, epoch ms) and the recent gaps between fixes
 * (`recentIntervalsMs`, newest last, at most {@link RECENT_INTERVALS}) from which a viewer's screen
 * estimates when the next report is due, and when that newest fix reached this device
 * (`lastFixReceivedAt`: this device's clock, epoch ms; TelemetryFrame's `receivedAt`). Null fields:
 * not reported yet.
 */
export interface LiveWearer {
  readonly WearerID: number;
  readonly ActivityId: number | null;
  readonly Status: ActivityStatus | null;
  readonly Battery: number | null;
  readonly Heading: number | null;
  readonly HeartRate: number | null;
  readonly HeartRateTime: number | null;
  readonly lastFixTime: number | null;
  readonly lastFixReceivedAt: number | null;
  readonly recentIntervalsMs: readonly number[];
  /** When `Status` was last heard, this device's clock (epoch ms); a detail asked for earlier is older. */
  readonly StatusHeardAt: number | null;
}

/** How many gaps between fixes are kept per wearer for the reporting-interval estimate. */
export const RECENT_INTERVALS = 8;

/** Live wearers, normalized by WearerID. */
export type LiveWearersState = EntityState<LiveWearer, number>;

const adapter = createEntityAdapter<LiveWearer, number>({ selectId: (w) => w.WearerID });

export const liveWearersSlice = createSlice({
  name: 'liveWearers',
  initialState: adapter.getInitialState(),
  reducers: {},
  extraReducers: (builder) => {
    // One frame's updates folded outside immer: the base state is read with `original` and one new
    // entities record is made per frame (drafting thousands of wearers per frame costs ~30 µs each).
    builder.addCase(wearerTelemetryReceived, (draft, { payload }) => {
      const state: LiveWearersState = original(draft);
      const entities: Record<number, LiveWearer> = { ...state.entities };
      const ids = [...state.ids];
      for (const update of payload.updates) {
        const previous = entities[update.WearerID];
        if (previous === undefined) ids.push(update.WearerID);
        entities[update.WearerID] = liveWearerAfter(previous, update, payload.receivedAt);
      }
      // Frozen, records included: immer's finalize and auto-freeze stop at a frozen result instead
      // of walking every wearer on every frame.
      Object.freeze(ids);
      Object.freeze(entities);
      return Object.freeze({ ids, entities });
    });
    // A detail loaded after the live status was heard is newer than it: the server sends
    // EntityChanges when an alert's change moves an activity's status (a guardian's resolve, the
    // system closing it) and viewers reload the detail, while the next TelemetryWearerUpdate comes
    // only with the next fix. Without this, a live wearer's "Assistance requested" outlived the
    // resolve that ended it until the watch reported again.
    // But only a detail asked for after the live status was heard: an answer read from the database
    // before an SOS arrived over the socket would put the old status back during the SOS.
    builder.addCase(activityDetailLoaded, (state, { payload: { detail, requestedAt } }) => {
      const { ActivityId, Status } = detail;
      if (Status === undefined) return;
      // Looked up in the base state: reading the draft's entities would draft every wearer.
      const base: LiveWearersState = original(state);
      const live = Object.values(base.entities).find(
        (wearer) =>
          wearer.ActivityId === ActivityId &&
          wearer.Status !== Status &&
          (requestedAt === undefined ||
            wearer.StatusHeardAt === null ||
            wearer.StatusHeardAt <= requestedAt),
      );
      const draft = live ? state.entities[live.WearerID] : undefined;
      if (draft) draft.Status = Status;
    });
  },
});

/** What `previous` (none before the first update) becomes after `update`, heard at `receivedAt`. */
function liveWearerAfter(
  previous: LiveWearer | undefined,
  update: TelemetryWearerUpdate,
  receivedAt: number,
): LiveWearer {
  let lastFixTime = previous?.lastFixTime ?? null;
  const intervals = [...(previous?.recentIntervalsMs ?? [])];
  for (const point of update.Points) {
    // Late points fill history but say nothing about the reporting rhythm.
    if (lastFixTime !== null && point.Time <= lastFixTime) continue;
    if (lastFixTime !== null) intervals.push(point.Time - lastFixTime);
    lastFixTime = point.Time;
  }
  // A reading replaces the previous one unless it is older (a late VITALS after newer fixes' own).
  const reading =
    update.HeartRate != null &&
    (previous?.HeartRateTime == null ||
      update.HeartRateTime == null ||
      update.HeartRateTime >= previous.HeartRateTime)
      ? { HeartRate: update.HeartRate, HeartRateTime: update.HeartRateTime ?? null }
      : { HeartRate: previous?.HeartRate ?? null, HeartRateTime: previous?.HeartRateTime ?? null };
  // Frozen here, so immer's finalize skips it instead of walking every wearer of the frame.
  return Object.freeze({
    WearerID: update.WearerID,
    ActivityId: update.ActivityId,
    Status: update.Status,
    Battery: update.Battery ?? previous?.Battery ?? null,
    // An update without points (a late heart rate) says nothing of the direction of travel.
    Heading:
      update.Points.length === 0 ? (update.Heading ?? previous?.Heading ?? null) : update.Heading,
    ...reading,
    lastFixTime,
    lastFixReceivedAt:
      lastFixTime === (previous?.lastFixTime ?? null)
        ? (previous?.lastFixReceivedAt ?? null)
        : receivedAt,
    recentIntervalsMs: Object.freeze(intervals.slice(-RECENT_INTERVALS)),
    StatusHeardAt: receivedAt,
  });
}

type WithLiveWearers = { readonly liveWearers: LiveWearersState };
const selectors = adapter.getSelectors((state: WithLiveWearers) => state.liveWearers);

/** The live state of one wearer, undefined before any TelemetryWearerUpdate for it. */
export const selectLiveWearer = selectors.selectById;
