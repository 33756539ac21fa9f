import { createSelector } from '@reduxjs/toolkit';
import { isAlertOpen, type Alert } from '../../api/entities/alert';
import type { ActivityStatus, AlertType, Severity } from '../../api/enums';
import type { RootState } from '../rootReducer';
import { columnsPoint } from '../locationHistory/columnViews';
import { trackColumns } from '../locationHistory/trackEntry';
import { dataAge, type DataAge } from '../realtime/dataFreshness';
import type { SharedViewStatus } from '../shares/sharedViewsSlice';

/** The open alert a monitor card shows: the most severe one, the oldest among equals. */
export interface MonitorCardAlert {
  readonly AlertID: number;
  readonly AlertType: AlertType;
  /** 0 None … 4 Critical (spec app §3; src/api/enums.ts SEVERITY). */
  readonly Severity: Severity;
  /** When it was raised, epoch ms: open since then, i.e. unacknowledged (docs/monitor.md "Sort"). */
  readonly TimestampStart: number;
}

/**
 * One watched share as the operator monitor shows it (issue 8 item 6). Times epoch ms.
 * - `status`: the share link's load state (`notFound` once revoked or expired);
 * - `wearerName`: "First Last" from the share's MemberDetails, null until loaded;
 * - `activityStatus`: the live status (TelemetryWearerUpdate), else the loaded detail's;
 * - `lastFixTime` / `lastPosition`: the newest fix, live or from the loaded track (lon/lat degrees);
 * - `headingDeg`: the live heading, degrees clockwise from north, null when not reported;
 * - `age`: how fresh that is at the selector's `now` (src/store/realtime/dataFreshness.ts);
 * - `alert`: see {@link MonitorCardAlert}; `cued`: a new alert the operator has not dismissed.
 */
export interface MonitorCard {
  readonly ShareToken: string;
  readonly status: SharedViewStatus;
  readonly ActivityId: number | null;
  readonly wearerName: string | null;
  readonly activityStatus: ActivityStatus | null;
  readonly lastFixTime: number | null;
  readonly lastPosition: { readonly lon: number; readonly lat: number } | null;
  readonly headingDeg: number | null;
  readonly age: DataAge;
  readonly alert: MonitorCardAlert | null;
  readonly cued: boolean;
}

/** The card's alert among the open `alerts` of its activity: highest severity, then oldest. */
export function cardAlert(alerts: readonly Alert[]): MonitorCardAlert | null {
  let best: Alert | null = null;
  for (const alert of alerts) {
    if (!isAlertOpen(alert)) continue;
    if (
      best === null ||
      alert.Severity > best.Severity ||
      (alert.Severity === best.Severity && alert.TimestampStart < best.TimestampStart)
    )
      best = alert;
  }
  return best === null
    ? null
    : {
        AlertID: best.AlertID,
        AlertType: best.AlertType,
        Severity: best.Severity,
        TimestampStart: best.TimestampStart,
      };
}

/**
 * The monitor's order (issue 8 item 6; docs/monitor.md "Sort"): alert severity, highest first (a card
 * without an open alert after every card with one); then the time unacknowledged, the oldest open
 * alert first; then the data age, stalest first (no fix at all counts as stalest); then the wearer's
 * name and the token, so the order is stable. Negative when `a` comes first.
 */
export function compareMonitorCards(a: MonitorCard, b: MonitorCard): number {
  const severity = (b.alert?.Severity ?? -1) - (a.alert?.Severity ?? -1);
  if (severity !== 0) return severity;
  const since = (a.alert?.TimestampStart ?? Infinity) - (b.alert?.TimestampStart ?? Infinity);
  if (since !== 0 && !Number.isNaN(since)) return since;
  const age = (b.age.ageMs ?? Infinity) - (a.age.ageMs ?? Infinity);
  if (age !== 0 && !Number.isNaN(age)) return age;
  return (
    (a.wearerName ?? '').localeCompare(b.wearerName ?? '') ||
    (a.ShareToken < b.ShareToken ? -1 : a.ShareToken > b.ShareToken ? 1 : 0)
  );
}

/** Open alerts by ActivityId. */
const selectOpenAlertsByActivity = createSelector(
  [(state: RootState) => state.alerts.entities],
  (entities) => {
    const byActivity = new Map<number, Alert[]>();
    for (const alert of Object.values(entities)) {
      if (alert.ActivityId === null || !isAlertOpen(alert)) continue;
      const list = byActivity.get(alert.ActivityId) ?? [];
      list.push(alert);
      byActivity.set(alert.ActivityId, list);
    }
    return byActivity;
  },
);

const sameAlert = (a: MonitorCardAlert | null, b: MonitorCardAlert | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.AlertID === b.AlertID &&
    a.AlertType === b.AlertType &&
    a.Severity === b.Severity &&
    a.TimestampStart === b.TimestampStart);

/** Whether two cards show the same thing (every field by value). */
export function sameMonitorCard(a: MonitorCard, b: MonitorCard): boolean {
  return (
    a.ShareToken === b.ShareToken &&
    a.status === b.status &&
    a.ActivityId === b.ActivityId &&
    a.wearerName === b.wearerName &&
    a.activityStatus === b.activityStatus &&
    a.lastFixTime === b.lastFixTime &&
    a.lastPosition?.lon === b.lastPosition?.lon &&
    a.lastPosition?.lat === b.lastPosition?.lat &&
    a.headingDeg === b.headingDeg &&
    a.age.freshness === b.age.freshness &&
    a.age.ageMs === b.age.ageMs &&
    a.age.intervalMs === b.age.intervalMs &&
    sameAlert(a.alert, b.alert) &&
    a.cued === b.cued
  );
}

/**
 * `cards` with each card that shows the same as one of `previous` (by token) replaced by that earlier
 * object, so a memoized card component renders only the cards that changed: at 100 shares × 1 Hz a
 * frame's telemetry changes one or two cards, not a hundred (docs/monitor.md "Cost per frame").
 */
export function keepUnchangedCards(
  previous: readonly MonitorCard[],
  cards: readonly MonitorCard[],
): MonitorCard[] {
  const byToken = new Map(previous.map((card) => [card.ShareToken, card]));
  return cards.map((card) => {
    const before = byToken.get(card.ShareToken);
    return before !== undefined && sameMonitorCard(before, card) ? before : card;
  });
}

/**
 * The previous result of {@link selectMonitorCards}, for {@link keepUnchangedCards}: memo state like
 * the selector's own cache (a reused card is equal by value, whichever store it came from).
 */
let previousCards: readonly MonitorCard[] = [];

/**
 * The watched shares as cards in the monitor's order ({@link compareMonitorCards}) at `now` (epoch
 * ms; the data age is measured against it). Memoized on the slices it reads and `now`: live telemetry
 * recomputes it once per animation frame at most (the frame batching of socketEventActions.ts), and a
 * card that did not change keeps its object from the previous result ({@link keepUnchangedCards}).
 */
export const selectMonitorCards = createSelector(
  [
    (state: RootState) => state.monitor.tokens,
    (state: RootState) => state.monitor.cues,
    (state: RootState) => state.sharedViews.entities,
    (state: RootState) => state.activityDetails.entities,
    (state: RootState) => state.liveWearers.entities,
    (state: RootState) => state.locationHistory.tracks,
    selectOpenAlertsByActivity,
    (_state: RootState, now: number) => now,
  ],
  (tokens, cues, views, details, liveWearers, tracks, openAlerts, now): MonitorCard[] => {
    const cards = tokens
      .map((token): MonitorCard => {
        const view = views[token];
        const activityId = view?.ActivityId ?? null;
        const member = view?.MemberDetails ?? null;
        const live = member ? liveWearers[member.WearerID] : undefined;
        const entry = activityId === null ? undefined : tracks[activityId];
        const last =
          entry && entry.length > 0 ? columnsPoint(trackColumns(entry), entry.length - 1) : null;
        const lastFixTime = live?.lastFixTime ?? last?.Time ?? null;
        return {
          ShareToken: token,
          status: view?.status ?? 'loading',
          ActivityId: activityId,
          wearerName: member ? `${member.NameFirst} ${member.NameLast}`.trim() : null,
          activityStatus:
            live?.Status ?? (activityId === null ? null : (details[activityId]?.Status ?? null)),
          lastFixTime,
          lastPosition: last ? { lon: last.X, lat: last.Y } : null,
          headingDeg: live?.Heading ?? null,
          age: dataAge(lastFixTime, live?.recentIntervalsMs ?? [], now),
          alert: activityId === null ? null : cardAlert(openAlerts.get(activityId) ?? []),
          cued: cues[token] !== undefined,
        };
      })
      .sort(compareMonitorCards);
    const result = keepUnchangedCards(previousCards, cards);
    previousCards = result;
    return result;
  },
);
