import type { Action } from '@reduxjs/toolkit';
import { EMPTY, filter, ignoreElements, map, mergeMap, of, tap } from 'rxjs';
import { isAlertOpen } from '../../api/entities/alert';
import { activityDetailLoaded } from '../activities/activityEvents';
import { alertsReceived, selectAlertsState } from '../activities/alertsSlice';
import type { AppEpic } from '../epic';
import {
  sharedViewClosed,
  sharedViewLoaded,
  sharedViewRequested,
  selectSharedViewsState,
} from '../shares/sharedViewsSlice';
import { MONITOR_SHARES_MAX, parseMonitorLink } from './monitorLink';
import {
  monitorAlertCued,
  monitorClosed,
  monitorMuteToggled,
  monitorOpened,
  monitorRestored,
  monitorShareAdded,
  monitorShareAddRefused,
  monitorShareAddRequested,
  monitorShareRemoved,
  selectMonitorState,
} from './monitorSlice';
import { monitorSocketEpic } from './monitorSocketEpic';
import {
  loadMonitorMuted,
  loadMonitorShares,
  saveMonitorMuted,
  saveMonitorShares,
} from './monitorStorage';
import { ofAction } from '../operators/ofAction';

/**
 * Each opening of the monitor reads the watched tokens and the mute toggle from storage (so a list
 * changed in another tab of this browser is picked up) → `monitorRestored`.
 */
export const monitorRestoreEpic: AppEpic = (action$, _state$, { storage }) =>
  action$.pipe(
    ofAction(monitorOpened),
    map(() =>
      monitorRestored({ tokens: loadMonitorShares(storage), muted: loadMonitorMuted(storage) }),
    ),
  );

/**
 * A pasted link → `monitorShareAdded` or `monitorShareAddRefused` with the reason
 * (src/store/monitor/monitorLink.ts: `Invalid`, `JourneyLink`; `AlreadyWatched`; `TooMany` beyond
 * {@link MONITOR_SHARES_MAX}).
 */
export const monitorAddEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    ofAction(monitorShareAddRequested),
    map(({ payload }) => {
      const parsed = parseMonitorLink(payload.link);
      if ('error' in parsed) return monitorShareAddRefused({ reason: parsed.error });
      const { tokens } = selectMonitorState(state$.value);
      if (tokens.includes(parsed.ShareToken)) {
        return monitorShareAddRefused({ reason: 'AlreadyWatched' });
      }
      if (tokens.length >= MONITOR_SHARES_MAX) return monitorShareAddRefused({ reason: 'TooMany' });
      return monitorShareAdded({ ShareToken: parsed.ShareToken });
    }),
  );

/** Every change of the watched tokens or the mute toggle is stored at once (docs/monitor.md). */
export const monitorPersistEpic: AppEpic = (action$, state$, { storage }) =>
  action$.pipe(
    ofAction(monitorShareAdded, monitorShareRemoved),
    tap(() => {
      saveMonitorShares(storage, selectMonitorState(state$.value).tokens);
    }),
    ignoreElements(),
  );

/** The mute toggle is stored at once. */
export const monitorMutePersistEpic: AppEpic = (action$, state$, { storage }) =>
  action$.pipe(
    ofAction(monitorMuteToggled),
    tap(() => {
      saveMonitorMuted(storage, selectMonitorState(state$.value).muted);
    }),
    ignoreElements(),
  );

/**
 * The watched shares load through the share viewer's own loading (src/store/shares/sharedViewEpics.ts
 * `sharedViewRequested`, spec app §7 activity-sharing): all of them when the monitor opens (on its
 * `monitorRestored`), one when it is added; a removed one is closed. Leaving the monitor closes every watched
 * view, so no late answer opens a share page's own socket for it (sharedViewSocketEpic); opening a
 * card's share page requests its view again.
 */
export const monitorViewsEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    mergeMap((action): readonly Action[] => {
      const { tokens } = selectMonitorState(state$.value);
      if (monitorRestored.match(action)) {
        return tokens.map((ShareToken) => sharedViewRequested({ ShareToken }));
      }
      if (monitorShareAdded.match(action)) return [sharedViewRequested(action.payload)];
      if (monitorShareRemoved.match(action)) return [sharedViewClosed(action.payload)];
      if (monitorClosed.match(action)) {
        return tokens.map((ShareToken) => sharedViewClosed({ ShareToken }));
      }
      return [];
    }),
  );

/**
 * The cue of a new alert (issue 8 item 6 "a visible and audible cue on a new alert"; docs/monitor.md
 * "Cues"): the open alerts a watched share shows when it first loads are its baseline (the card shows
 * them, sorted first, without a sound); an open alert of a watched share's activity that appears
 * afterwards (a reload after EntityChanges, `activityDetailLoaded` or `alertsReceived`) →
 * `monitorAlertCued` once per AlertID.
 */
export const monitorAlertCueEpic: AppEpic = (action$, state$) => {
  const known = new Set<number>();
  const baselined = new Set<string>();
  const openAlertsOf = (activityId: number) =>
    Object.values(selectAlertsState(state$.value).entities).filter(
      (alert) => alert.ActivityId === activityId && isAlertOpen(alert),
    );
  return action$.pipe(
    filter(
      (action) =>
        sharedViewLoaded.match(action) ||
        activityDetailLoaded.match(action) ||
        alertsReceived.match(action),
    ),
    mergeMap((action) => {
      const monitor = selectMonitorState(state$.value);
      const sharedViews = selectSharedViewsState(state$.value);
      if (!monitor.open) return EMPTY;
      const cues: Action[] = [];
      for (const token of monitor.tokens) {
        const activityId = sharedViews.entities[token]?.ActivityId;
        if (activityId === null || activityId === undefined) continue;
        const open = openAlertsOf(activityId);
        if (!baselined.has(token)) {
          if (!sharedViewLoaded.match(action) || action.payload.ShareToken !== token) continue;
          baselined.add(token);
          for (const alert of open) known.add(alert.AlertID);
          continue;
        }
        for (const alert of open) {
          if (known.has(alert.AlertID)) continue;
          known.add(alert.AlertID);
          cues.push(monitorAlertCued({ ShareToken: token, AlertID: alert.AlertID }));
        }
      }
      return cues.length > 0 ? of(...cues) : EMPTY;
    }),
  );
};

/** The operator monitor's epics (src/store/rootEpic.ts). */
export const monitorEpics: AppEpic[] = [
  monitorRestoreEpic,
  monitorAddEpic,
  monitorPersistEpic,
  monitorMutePersistEpic,
  monitorViewsEpic,
  monitorAlertCueEpic,
  monitorSocketEpic,
];
