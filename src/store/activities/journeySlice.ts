import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../api/entities/journey';
import { combinedReducer } from '../rootReducer';

/** A journey's time span, epoch ms (spec §3 "Journey": JourneyStart, JourneyEnd). */
export interface JourneySpan {
  readonly JourneyStart: number;
  readonly JourneyEnd: number;
}

/**
 * A share link made for the shown journey (spec §7 share-journey): its span, the full `ShareUrl`
 * (/share/journey/{ShareToken}) and the `ShortCode` of its /go/ link, null while the server makes none.
 */
export interface JourneyShareLink extends JourneySpan {
  readonly ShareUrl: string;
  readonly ShortCode: string | null;
}

/** The share-journey call of the shown journey: none yet, in flight, answered or failed. */
export interface JourneyShareState {
  readonly status: 'idle' | 'creating' | 'created' | 'failed';
  readonly link: JourneyShareLink | null;
}

/**
 * The journey on screen, if any (refreshed each minute while shown, spec §9); the day index shown
 * (0 = its first calendar day, or {@link JOURNEY_COMPLETE_TIMELINE_DAY_INDEX}; spec §4, policy §3
 * "Journey: start date, end date, day index"); its playback time as the store keeps it: epoch ms,
 * throttled to one value per 10 s (spec §4 "Playback time is throttled", §9 "Playback throttle is
 * 10 s"), null before playback; and its share link (§7 share-journey).
 */
export interface JourneyState {
  readonly shown: JourneySpan | null;
  readonly dayIndex: number;
  readonly playbackTimeMs: number | null;
  readonly share: JourneyShareState;
}

const initialState: JourneyState = {
  shown: null,
  dayIndex: JOURNEY_COMPLETE_TIMELINE_DAY_INDEX,
  playbackTimeMs: null,
  share: { status: 'idle', link: null },
};

const sameSpan = (a: JourneySpan | null, b: JourneySpan) =>
  a !== null && a.JourneyStart === b.JourneyStart && a.JourneyEnd === b.JourneyEnd;

/**
 * Share the journey `JourneyStart`–`JourneyEnd` (epoch ms), optionally with a custom short code
 * `VanityStub` (spec §7 share-journey; src/store/activities/journeyShareEpic.ts).
 */
export const journeyShareRequested = createAction<JourneySpan & { VanityStub?: string }>(
  'journey/journeyShareRequested',
);

export const journeySlice = createSlice({
  name: 'journey',
  initialState,
  reducers: {
    /**
     * A screen shows the journey of this span: it is loaded now and refreshed each minute; the
     * complete timeline is shown and no share link is held.
     */
    journeyShown: (_state, action: PayloadAction<JourneySpan>) => ({
      ...initialState,
      shown: action.payload,
    }),
    /** The journey screen closed: its refresh stops. */
    journeyHidden: () => initialState,
    /** The member chose a day of the shown journey (0 = first) or the complete timeline (999). */
    journeyDayChosen: (state, action: PayloadAction<{ dayIndex: number }>) => {
      state.dayIndex = action.payload.dayIndex;
    },
    /**
     * The playback time the UI animates (epoch ms, at animation speed). The store keeps none of these:
     * the playback epic passes one per 10 s on as {@link playbackTimeStored}.
     */
    playbackTimeChanged: (state, _action: PayloadAction<{ timeMs: number }>) => state,
    /** The throttled playback time (epoch ms). */
    playbackTimeStored: (state, action: PayloadAction<{ timeMs: number }>) => {
      state.playbackTimeMs = action.payload.timeMs;
    },
    /** share-journey was sent for this span (ignored unless it is the shown journey's). */
    journeyShareStarted: (state, action: PayloadAction<JourneySpan>) => {
      if (sameSpan(state.shown, action.payload)) state.share = { status: 'creating', link: null };
    },
    /** share-journey answered; kept only while the same journey is shown. */
    journeyShared: (state, action: PayloadAction<JourneyShareLink>) => {
      if (sameSpan(state.shown, action.payload))
        state.share = { status: 'created', link: action.payload };
    },
    /** share-journey failed for this span. */
    journeyShareFailed: (state, action: PayloadAction<JourneySpan>) => {
      if (sameSpan(state.shown, action.payload)) state.share = { status: 'failed', link: null };
    },
  },
  selectors: {
    selectShownJourney: (state) => state.shown,
    selectJourneyDayIndex: (state) => state.dayIndex,
    selectPlaybackTimeMs: (state) => state.playbackTimeMs,
    selectJourneyShare: (state) => state.share,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof journeySlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = journeySlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectJourneyState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  journeyShown,
  journeyHidden,
  journeyDayChosen,
  playbackTimeChanged,
  playbackTimeStored,
  journeyShareStarted,
  journeyShared,
  journeyShareFailed,
} = journeySlice.actions;
export const {
  selectShownJourney,
  selectJourneyDayIndex,
  selectPlaybackTimeMs,
  selectJourneyShare,
} = injected.selectors;

/**
 * The link to show for a journey share: the short link `/go/{ShortCode}` on the share link's host
 * when the server made one (issue 7 item 4; app §2 /go/{code}), else the full `ShareUrl`.
 */
export function journeyShareUrl(link: Pick<JourneyShareLink, 'ShareUrl' | 'ShortCode'>): string {
  return link.ShortCode === null
    ? link.ShareUrl
    : new URL(`/go/${encodeURIComponent(link.ShortCode)}`, link.ShareUrl).href;
}
