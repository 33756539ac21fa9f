import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { MonitorAddError } from './monitorLink';
import { combinedReducer } from '../rootReducer';

/**
 * The operator monitor (issue 8 item 6; docs/monitor.md): several shared activities watched at once.
 * - `open`: the /monitor screen is shown (its one socket per domain server lives while it is);
 * - `restored`: the watched tokens were read from this browser's storage (at each opening);
 * - `tokens`: the watched ShareTokens, in the order added (each one's view is in `sharedViews`);
 * - `addError`: why the last pasted link was refused, null after a success;
 * - `muted`: the alert sound is off;
 * - `cues`: ShareToken → AlertID of a new alert the operator has not dismissed yet (highlighted card);
 * - `lastCue`: the newest of them (the banner and the sound), null when none.
 */
export interface MonitorState {
  readonly open: boolean;
  readonly restored: boolean;
  readonly tokens: readonly string[];
  readonly addError: MonitorAddError | null;
  readonly muted: boolean;
  readonly cues: Readonly<Record<string, number>>;
  readonly lastCue: { readonly ShareToken: string; readonly AlertID: number } | null;
}

const initialState: MonitorState = {
  open: false,
  restored: false,
  tokens: [],
  addError: null,
  muted: false,
  cues: {},
  lastCue: null,
};

/** The operator pasted `link` (a share link or a bare token) to watch it. */
export const monitorShareAddRequested = createAction<{ link: string }>(
  'monitor/monitorShareAddRequested',
);

export const monitorSlice = createSlice({
  name: 'monitor',
  initialState,
  reducers: {
    /** The /monitor screen was shown. */
    monitorOpened: (state) => {
      state.open = true;
    },
    /** The /monitor screen was left. */
    monitorClosed: (state) => {
      state.open = false;
    },
    /** The stored tokens and mute toggle were read (at each opening); added ones are kept. */
    monitorRestored: (
      state,
      { payload }: PayloadAction<{ tokens: readonly string[]; muted: boolean }>,
    ) => {
      state.restored = true;
      state.tokens = [...new Set([...payload.tokens, ...state.tokens])];
      state.muted = payload.muted;
    },
    /** A pasted link was accepted: its share is watched. */
    monitorShareAdded: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      if (!state.tokens.includes(payload.ShareToken)) state.tokens.push(payload.ShareToken);
      state.addError = null;
    },
    /** A pasted link was refused. */
    monitorShareAddRefused: (state, { payload }: PayloadAction<{ reason: MonitorAddError }>) => {
      state.addError = payload.reason;
    },
    /** The operator stopped watching a share. */
    monitorShareRemoved: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      state.tokens = state.tokens.filter((token) => token !== payload.ShareToken);
      state.cues = withoutKey(state.cues, payload.ShareToken);
      if (state.lastCue?.ShareToken === payload.ShareToken) state.lastCue = null;
    },
    /** The alert sound was turned off or on. */
    monitorMuteToggled: (state) => {
      state.muted = !state.muted;
    },
    /** A watched share got a new open alert: highlight its card, show the banner, sound. */
    monitorAlertCued: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; AlertID: number }>,
    ) => {
      state.cues[payload.ShareToken] = payload.AlertID;
      state.lastCue = payload;
    },
    /** The operator saw the cue of one share (opened or dismissed it). */
    monitorCueDismissed: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      state.cues = withoutKey(state.cues, payload.ShareToken);
      if (state.lastCue?.ShareToken === payload.ShareToken) state.lastCue = null;
    },
  },
  selectors: {
    selectMonitor: (state) => state,
    selectMonitorTokens: (state) => state.tokens,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof monitorSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = monitorSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectMonitorState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  monitorOpened,
  monitorClosed,
  monitorRestored,
  monitorShareAdded,
  monitorShareAddRefused,
  monitorShareRemoved,
  monitorMuteToggled,
  monitorAlertCued,
  monitorCueDismissed,
} = monitorSlice.actions;
export const { selectMonitor, selectMonitorTokens } = injected.selectors;

function withoutKey(record: Readonly<Record<string, number>>, key: string): Record<string, number> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

/**
 * Whether the operator monitor watches `token`, shown or not: the share's page is then the operator's
 * view of it (app §4 "Alert close states": Closed by Operator is hidden there). The tokens are read
 * from this browser's storage when the monitor opens, so a share opened from a monitor card counts.
 */
export function isWatchedByMonitor(
  state: { readonly monitor?: MonitorState },
  token: string,
): boolean {
  return selectMonitorState(state).tokens.includes(token);
}

/** Whether the monitor's socket follows `token` now (the share page's own socket then stays shut). */
export function isMonitored(state: { readonly monitor?: MonitorState }, token: string): boolean {
  const monitor = selectMonitorState(state);
  return monitor.open && monitor.tokens.includes(token);
}
