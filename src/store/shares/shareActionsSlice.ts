import {
  createAction,
  createSelector,
  createSlice,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { hasUnseenReplies } from '../../api/entities/message';
import { combinedReducer, type RootState } from '../rootReducer';
import { selectMessageThreadOfActivity } from '../activities/messageThreadsSlice';
import { sharedViewClosed } from './sharedViewsSlice';
import type { ShareViewer } from './shareViewer';

/*
 * What a share viewer does on a shared activity (issue 8 items 3–4; spec app §6 "Share viewer", §7
 * message-load-thread, message-send, alert-add-note, alert-resolve-pause; policy §3 "Message", §4
 * "Alerts"): the message thread with the wearer, notes on an open alert, resolving it with an optional
 * pause. The thread itself lives in the messageThreads slice; this slice holds who the viewer is, how
 * far each thread load and each action got, and when this app instance last viewed each thread.
 */

/** How far one action of the viewer got: `failed` carries why (a translation key). */
export type ShareActionPhase = 'idle' | 'sending' | 'failed';

/**
 * The state of one kind of action (a message send on one share, a note or resolve on one alert):
 * `errorKey` the translation key of the failure (`Errors.AlertNotActive`, `Validations.InvalidValues`,
 * `Share.Messages.SendFailed` …); `issues` the server's field issues by request field name
 * (`NoteText` → `Validations.NoteTextInvalid`); `doneCount` counts successes, so a form clears what
 * was typed only after one (a failure keeps it).
 */
export interface ShareActionStatus {
  readonly phase: ShareActionPhase;
  readonly errorKey: string | null;
  readonly issues: Readonly<Record<string, string>>;
  readonly doneCount: number;
}

/** The thread of a shared activity: whether it loaded, and when this app instance last viewed it. */
export interface ShareThreadState {
  readonly ActivityId: number;
  readonly status: 'loaded' | 'failed';
  /** Epoch ms, null when never viewed here (spec app §4 "last-viewed time kept per app instance"). */
  readonly lastViewedMs: number | null;
}

export interface ShareActionsState {
  /** This app instance's viewer id and guardian name, once read from storage. */
  readonly viewer: ShareViewer | null;
  /** By ShareToken. */
  readonly threads: Readonly<Record<string, ShareThreadState>>;
  /** Message sends, by ShareToken. */
  readonly sends: Readonly<Record<string, ShareActionStatus>>;
  /** Notes, by AlertID. */
  readonly notes: Readonly<Record<number, ShareActionStatus>>;
  /** Resolves, by AlertID. */
  readonly resolves: Readonly<Record<number, ShareActionStatus>>;
}

/** An action's state before anything was done. */
export const IDLE_ACTION: ShareActionStatus = {
  phase: 'idle',
  errorKey: null,
  issues: {},
  doneCount: 0,
};

/** Why an action failed: a translation key and the field issues (see {@link ShareActionStatus}). */
export interface ShareActionFailure {
  readonly errorKey: string;
  readonly issues: Readonly<Record<string, string>>;
}

const initialState: ShareActionsState = {
  viewer: null,
  threads: {},
  sends: {},
  notes: {},
  resolves: {},
};

/**
 * The guardian asks to send `MessageText` to the wearer's watch with the answers `ReplyOptions`
 * (default No and Yes, policy §3 "Message"). Sent with this viewer's name and id.
 */
export const shareMessageSendRequested = createAction<{
  ShareToken: string;
  ActivityId: number;
  MessageText: string;
  ReplyOptions?: readonly string[];
}>('shareActions/shareMessageSendRequested');

/** The guardian asks to add `NoteText` to the open alert `AlertID` (app §7 alert-add-note). */
export const shareAlertNoteRequested = createAction<{
  ShareToken: string;
  AlertID: number;
  NoteText: string;
}>('shareActions/shareAlertNoteRequested');

/**
 * The guardian asks to resolve the open alert `AlertID` with `ResolveText`, pausing all the wearer's
 * alerts for `PauseMinutes` (0: no pause; at most ALERT_PAUSE_MAX_MINUTES) (app §7
 * alert-resolve-pause; policy §4).
 */
export const shareAlertResolveRequested = createAction<{
  ShareToken: string;
  AlertID: number;
  ResolveText: string;
  PauseMinutes: number;
}>('shareActions/shareAlertResolveRequested');

const sending = (previous: ShareActionStatus | undefined): ShareActionStatus => ({
  ...(previous ?? IDLE_ACTION),
  phase: 'sending',
  errorKey: null,
  issues: {},
});
const done = (previous: ShareActionStatus | undefined): ShareActionStatus => ({
  phase: 'idle',
  errorKey: null,
  issues: {},
  doneCount: (previous?.doneCount ?? 0) + 1,
});
const failed = (
  previous: ShareActionStatus | undefined,
  failure: ShareActionFailure,
): ShareActionStatus => ({
  phase: 'failed',
  errorKey: failure.errorKey,
  issues: { ...failure.issues },
  doneCount: previous?.doneCount ?? 0,
});

export const shareActionsSlice = createSlice({
  name: 'shareActions',
  initialState,
  reducers: {
    /** This app instance's viewer id and stored guardian name were read (or the id made). */
    shareViewerLoaded: (state, { payload }: PayloadAction<ShareViewer>) => {
      state.viewer = payload;
    },
    /** The guardian gave the name their messages, notes and resolves carry; it is remembered. */
    guardianNameChosen: (state, { payload }: PayloadAction<{ GuardianName: string }>) => {
      if (state.viewer) state.viewer.GuardianName = payload.GuardianName;
    },
    /**
     * message-load-thread answered for the share (the thread went to the messageThreads slice);
     * `lastViewedMs` is this app instance's stored last-viewed time of it.
     */
    shareThreadLoaded: (
      state,
      {
        payload,
      }: PayloadAction<{ ShareToken: string; ActivityId: number; lastViewedMs: number | null }>,
    ) => {
      state.threads[payload.ShareToken] = {
        ActivityId: payload.ActivityId,
        status: 'loaded',
        lastViewedMs: payload.lastViewedMs,
      };
    },
    /** message-load-thread failed; the next load of the share tries again. */
    shareThreadLoadFailed: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; ActivityId: number }>,
    ) => {
      const previous = state.threads[payload.ShareToken];
      state.threads[payload.ShareToken] = {
        ActivityId: payload.ActivityId,
        status: 'failed',
        lastViewedMs: previous?.lastViewedMs ?? null,
      };
    },
    /** The guardian looked at the thread's replies at `atMs` (epoch ms): they are no longer unseen. */
    shareThreadViewed: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; ActivityId: number; atMs: number }>,
    ) => {
      const thread = state.threads[payload.ShareToken];
      if (thread) thread.lastViewedMs = payload.atMs;
    },
    /** message-send answered the updated thread. */
    shareMessageSent: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      state.sends[payload.ShareToken] = done(state.sends[payload.ShareToken]);
    },
    shareMessageSendFailed: (
      state,
      { payload }: PayloadAction<{ ShareToken: string } & ShareActionFailure>,
    ) => {
      state.sends[payload.ShareToken] = failed(state.sends[payload.ShareToken], payload);
    },
    /** alert-add-note succeeded. */
    shareAlertNoteAdded: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; AlertID: number }>,
    ) => {
      state.notes[payload.AlertID] = done(state.notes[payload.AlertID]);
    },
    shareAlertNoteFailed: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; AlertID: number } & ShareActionFailure>,
    ) => {
      state.notes[payload.AlertID] = failed(state.notes[payload.AlertID], payload);
    },
    /** alert-resolve-pause succeeded: the alert is closed (and the wearer's alerts paused). */
    shareAlertResolved: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; AlertID: number; PauseMinutes: number }>,
    ) => {
      state.resolves[payload.AlertID] = done(state.resolves[payload.AlertID]);
    },
    shareAlertResolveFailed: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; AlertID: number } & ShareActionFailure>,
    ) => {
      state.resolves[payload.AlertID] = failed(state.resolves[payload.AlertID], payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(shareMessageSendRequested, (state, { payload }) => {
        state.sends[payload.ShareToken] = sending(state.sends[payload.ShareToken]);
      })
      .addCase(shareAlertNoteRequested, (state, { payload }) => {
        state.notes[payload.AlertID] = sending(state.notes[payload.AlertID]);
      })
      .addCase(shareAlertResolveRequested, (state, { payload }) => {
        state.resolves[payload.AlertID] = sending(state.resolves[payload.AlertID]);
      })
      .addCase(sharedViewClosed, (state, { payload }) => {
        const others = ([key]: [string, unknown]) => key !== payload.ShareToken;
        state.threads = Object.fromEntries(Object.entries(state.threads).filter(others));
        state.sends = Object.fromEntries(Object.entries(state.sends).filter(others));
      });
  },
  selectors: {
    /** This app instance's viewer, null until read from storage. */
    selectShareViewer: (state) => state.viewer,
    /** The thread load of one share, undefined before it answered. */
    selectShareThreadState: (state, shareToken: string): ShareThreadState | undefined =>
      state.threads[shareToken],
    /** The message send of one share. */
    selectShareSend: (state, shareToken: string): ShareActionStatus =>
      state.sends[shareToken] ?? IDLE_ACTION,
    /** The note action of one alert. */
    selectShareNote: (state, alertId: number): ShareActionStatus =>
      state.notes[alertId] ?? IDLE_ACTION,
    /** The resolve action of one alert. */
    selectShareResolve: (state, alertId: number): ShareActionStatus =>
      state.resolves[alertId] ?? IDLE_ACTION,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof shareActionsSlice> {}
}

const injected = shareActionsSlice.injectInto(combinedReducer);

export const {
  shareViewerLoaded,
  guardianNameChosen,
  shareThreadLoaded,
  shareThreadLoadFailed,
  shareThreadViewed,
  shareMessageSent,
  shareMessageSendFailed,
  shareAlertNoteAdded,
  shareAlertNoteFailed,
  shareAlertResolved,
  shareAlertResolveFailed,
} = shareActionsSlice.actions;

export const {
  selectShareViewer,
  selectShareThreadState,
  selectShareSend,
  selectShareNote,
  selectShareResolve,
} = injected.selectors;

/**
 * Whether the thread of a share has wearer replies this app instance has not viewed (spec app §4: the
 * latest reply time is later than the last-viewed time). False before the thread loaded.
 */
export const selectShareUnseenReplies = createSelector(
  [
    (state: RootState, shareToken: string) => selectShareThreadState(state, shareToken),
    (state: RootState, shareToken: string) => {
      const thread = selectShareThreadState(state, shareToken);
      return thread ? selectMessageThreadOfActivity(state, thread.ActivityId) : null;
    },
  ],
  (threadState, thread): boolean =>
    threadState !== undefined &&
    thread !== null &&
    hasUnseenReplies(thread, threadState.lastViewedMs),
);

/**
 * The pause, in whole minutes, that lasts until `untilMs` from `nowMs` (both epoch ms), rounded up
 * (docs/share-viewing.md "Pause": the contract has no end-time field, policy §4 "until a stated end
 * time"). Null when the end is not after now.
 */
export function pauseMinutesUntil(untilMs: number, nowMs: number): number | null {
  if (!Number.isFinite(untilMs) || untilMs <= nowMs) return null;
  return Math.ceil((untilMs - nowMs) / 60_000);
}
