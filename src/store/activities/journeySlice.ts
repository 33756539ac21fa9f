import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A journey's time span, epoch ms (spec §3 "Journey": JourneyStart, JourneyEnd). */
export interface JourneySpan {
  readonly JourneyStart: number;
  readonly JourneyEnd: number;
}

/**
 * The journey on screen, if any (refreshed each minute while shown, spec §9), and its playback time
 * as the store keeps it: epoch ms, throttled to one value per 10 s (spec §4 "Playback time is
 * throttled", §9 "Playback throttle is 10 s"); null before playback.
 */
export interface JourneyState {
  readonly shown: JourneySpan | null;
  readonly playbackTimeMs: number | null;
}

const initialState: JourneyState = { shown: null, playbackTimeMs: null };

export const journeySlice = createSlice({
  name: 'journey',
  initialState,
  reducers: {
    /** A screen shows the journey of this span: it is loaded now and refreshed each minute. */
    journeyShown: (_state, action: PayloadAction<JourneySpan>) => ({
      shown: action.payload,
      playbackTimeMs: null,
    }),
    /** The journey screen closed: its refresh stops. */
    journeyHidden: () => initialState,
    /**
     * The playback time the UI animates (epoch ms, at animation speed). The store keeps none of these:
     * the playback epic passes one per 10 s on as {@link playbackTimeStored}.
     */
    playbackTimeChanged: (state, _action: PayloadAction<{ timeMs: number }>) => state,
    /** The throttled playback time (epoch ms). */
    playbackTimeStored: (state, action: PayloadAction<{ timeMs: number }>) => {
      state.playbackTimeMs = action.payload.timeMs;
    },
  },
  selectors: {
    selectShownJourney: (state) => state.shown,
    selectPlaybackTimeMs: (state) => state.playbackTimeMs,
  },
});

export const { journeyShown, journeyHidden, playbackTimeChanged, playbackTimeStored } =
  journeySlice.actions;
export const { selectShownJourney, selectPlaybackTimeMs } = journeySlice.selectors;
