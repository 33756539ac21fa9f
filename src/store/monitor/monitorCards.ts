import { createSelector } from '@reduxjs/toolkit';
import { isAlertOpen, type Alert } from '../../api/entities/alert';
import type { ActivityStatus, AlertType, Severity } from '../../api/enums';
import type { RootState } from '../rootReducer';
import { columnsPoint } from '../locationHistory/columnViews';
import { trackColumns, type TrackEntry } from '../locationHistory/trackEntry';
import { dataAge, type Freshness } from '../realtime/dataFreshness';
import type { LiveWearer } from '../realtime/liveWearersSlice';
import type { SharedView, SharedViewStatus } from '../shares/sharedViewsSlice';
import { selectLocationHistoryState } from '../locationHistory/locationHistorySlice';
import { selectAlertsState } from '../activities/alertsSlice';
import { selectSharedViewsState } from '../shares/sharedViewsSlice';
import { selectActivityDetailsState } from '../activities/activityDetailsSlice';
import { selectMonitorState } from './monitorSlice';

/** The open alert a monitor card shows: the most severe one, the oldest among equals. */
export interface MonitorCardAlert {
  readonly AlertID: number;
  readonly AlertType: AlertType;
  /** 0 None … 4 Critical (spec app §3; src/api/enums.ts SEVERITY). */
  readonly Severity: Severity;
  /** When it was raised, epoch ms: open since then, unacknowledged (docs/monitor.md "Sort"). */
  readonly TimestampStart: number;
}

/**
 * One watched share as the operator monitor lists it (issue 8 item 6). Times epoch ms. It holds
 * what orders and frames the card, not what every fix changes (the position, the age in seconds,
 * the track: MonitorCardLive reads those, see {@link cardFix}), so a fix of a live wearer leaves it
 * as it was and the list does not render again (docs/monitor.md "Cost per frame").
 * - `status`: the share link's load state (`notFound` once revoked or expired);
 * - `WearerID` and `wearerName` ("First Last") from the share's MemberDetails, null until loaded;
 * - `activityStatus`: the live status (TelemetryWearerUpdate), else the loaded detail's;
 * - `freshness`: how fresh the newest fix is at the selector's `now`
 *   (src/store/realtime/dataFreshness.ts);
 * - `staleSince`: the newest fix's time while the card is not live (late or stale), else null;
 * - `alert`: see {@link MonitorCardAlert}; `cued`: a new alert the operator has not dismissed.
 */
export interface MonitorCard {
  readonly ShareToken: string;
  readonly status: SharedViewStatus;
  readonly ActivityId: number | null;
  readonly WearerID: number | null;
  readonly wearerName: string | null;
  readonly activityStatus: ActivityStatus | null;
  readonly freshness: Freshness;
  readonly staleSince: number | null;
  readonly alert: MonitorCardAlert | null;
  readonly cued: boolean;
}

/**
 * A card's newest fix, from its wearer's live telemetry and its activity's track:
 * - `lastFixTime`: device time of the newest fix, live or from the loaded track, null without one;
 * - `receivedAt`: when the newest live fix reached this device (its clock, epoch ms), null when no
 *   live fix came;
 * - `recentIntervalsMs`: the recent gaps between live fixes (the freshness is judged by them);
 * - `position`: the track's newest point, lon/lat degrees; `headingDeg`: the live heading, degrees
 *   clockwise from north, null when not reported.
 */
export interface CardFix {
  readonly lastFixTime: number | null;
  readonly receivedAt: number | null;
  readonly recentIntervalsMs: readonly number[];
  readonly position: { readonly lon: number; readonly lat: number } | null;
  readonly headingDeg: number | null;
}

/** The gaps of a wearer without live telemetry: one array, so equal cards stay equal. */
const NO_INTERVALS: readonly number[] = Object.freeze([]);

/** The {@link CardFix} of a wearer's live state and its activity's track entry. */
export function cardFix(live: LiveWearer | undefined, entry: TrackEntry | undefined): CardFix {
  const last =
    entry && entry.length > 0 ? columnsPoint(trackColumns(entry), entry.length - 1) : null;
  return {
    lastFixTime: live?.lastFixTime ?? last?.Time ?? null,
    receivedAt: live?.lastFixReceivedAt ?? null,
    recentIntervalsMs: live?.recentIntervalsMs ?? NO_INTERVALS,
    position: last ? { lon: last.X, lat: last.Y } : null,
    headingDeg: live?.Heading ?? null,
  };
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

/** Compares wearers' names as `localeCompare` does, without making a collator per comparison. */
const NAMES = new Intl.Collator();

/** How stale each freshness is, for the order: no fix at all counts as the stalest. */
const STALENESS: Readonly<Record<Freshness, number>> = { none: 3, stale: 2, late: 1, live: 0 };

/**
 * The monitor's order (issue 8 item 6; docs/monitor.md "Sort"): cards whose link no longer works
 * last; then alert severity, highest first (a
 * card without an open alert after every card with one); then the time unacknowledged, the oldest
 * open alert first; then the data age, stalest first: no fix, not live, late, live, and among the
 * cards that are not live the oldest fix first (live cards are equally fresh: ordering them by the
 * second would move a card on every fix); then the wearer's name and the token, so the order is
 * stable. Negative when `a` comes first.
 */
export function compareMonitorCards(a: MonitorCard, b: MonitorCard): number {
  // A link that no longer works watches no one: after every card that does.
  const dead = Number(a.status === 'notFound') - Number(b.status === 'notFound');
  if (dead !== 0) return dead;
  const severity = (b.alert?.Severity ?? -1) - (a.alert?.Severity ?? -1);
  if (severity !== 0) return severity;
  const since = (a.alert?.TimestampStart ?? Infinity) - (b.alert?.TimestampStart ?? Infinity);
  if (since !== 0 && !Number.isNaN(since)) return since;
  const staleness = STALENESS[b.freshness] - STALENESS[a.freshness];
  if (staleness !== 0) return staleness;
  const fix = (a.staleSince ?? -Infinity) - (b.staleSince ?? -Infinity);
  if (fix !== 0 && !Number.isNaN(fix)) return fix;
  return (
    NAMES.compare(a.wearerName ?? '', b.wearerName ?? '') ||
    (a.ShareToken < b.ShareToken ? -1 : a.ShareToken > b.ShareToken ? 1 : 0)
  );
}

/** Open alerts by ActivityId. */
const selectOpenAlertsByActivity = createSelector(
  [(state: RootState) => selectAlertsState(state).entities],
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
    a.WearerID === b.WearerID &&
    a.wearerName === b.wearerName &&
    a.activityStatus === b.activityStatus &&
    a.freshness === b.freshness &&
    a.staleSince === b.staleSince &&
    sameAlert(a.alert, b.alert) &&
    a.cued === b.cued
  );
}

/** What one card is made of, each by reference: the same inputs make the same card. */
interface CardInputs {
  readonly view: SharedView | undefined;
  readonly status: ActivityStatus | null | undefined;
  readonly live: LiveWearer | undefined;
  readonly entry: TrackEntry | undefined;
  readonly alerts: readonly Alert[] | undefined;
  readonly cued: boolean;
}

/**
 * The card of `ShareToken` made of `inputs` at `now`, and the last moment (epoch ms) until which
 * the same inputs make the same card (its freshness holds: dataAge's `freshnessUntil`).
 */
function cardOf(
  ShareToken: string,
  inputs: CardInputs,
  now: number,
): { card: MonitorCard; until: number } {
  const { view, live } = inputs;
  const member = view?.MemberDetails ?? null;
  const fix = cardFix(live, inputs.entry);
  const { freshness, freshnessUntil } = dataAge(fix.lastFixTime, fix.recentIntervalsMs, now);
  const card: MonitorCard = {
    ShareToken,
    status: view?.status ?? 'loading',
    ActivityId: view?.ActivityId ?? null,
    WearerID: member?.WearerID ?? null,
    wearerName: member ? `${member.NameFirst} ${member.NameLast}`.trim() : null,
    activityStatus: live?.Status ?? inputs.status ?? null,
    freshness,
    staleSince: freshness === 'live' ? null : fix.lastFixTime,
    alert: cardAlert(inputs.alerts ?? []),
    cued: inputs.cued,
  };
  return { card, until: freshnessUntil };
}

/** A token's cached card with the inputs it was made of and the ids its inputs are looked up by. */
interface CachedCard {
  readonly inputs: CardInputs;
  /** The share's activity and wearer, from `inputs.view` (kept: a frame does not walk the view). */
  readonly activityId: number | null;
  readonly wearerId: number | undefined;
  /** The card was made at `now` and shows the same for these inputs up to `until` (epoch ms). */
  readonly now: number;
  readonly until: number;
  readonly card: MonitorCard;
}

/**
 * The selector's memory between calls, like createSelector's own cache (module state; a card is
 * only reused for inputs identical by reference, so stores never mix): each token's cached card (a
 * frame allocates nothing for an unchanged card); the token list it was pruned for; the records the
 * last call read (a record that is the same object again needs no look-up per card); and the last
 * result, in order.
 */
const cardCache = new Map<string, CachedCard>();
let cachedTokens: readonly string[] = [];
let cachedViews: unknown = null;
let cachedCues: unknown = null;
let cachedDetails: unknown = null;
let cachedOpenAlerts: unknown = null;
let previousOrder: readonly MonitorCard[] = [];

/**
 * `cards` in the monitor's order, starting from the previous order: the sort is adaptive, so a
 * frame that moved nothing costs one comparison per card, and then the previous array itself is
 * returned.
 */
function ordered(cards: MonitorCard[]): readonly MonitorCard[] {
  const rank = new Map(previousOrder.map((card, i) => [card.ShareToken, i]));
  const sorted = cards
    .sort((a, b) => (rank.get(a.ShareToken) ?? Infinity) - (rank.get(b.ShareToken) ?? Infinity))
    .sort(compareMonitorCards);
  const unchanged =
    sorted.length === previousOrder.length && sorted.every((card, i) => card === previousOrder[i]);
  return unchanged ? previousOrder : sorted;
}

/**
 * The watched shares as cards in the monitor's order ({@link compareMonitorCards}) at `now` (epoch
 * ms; the freshness is judged against it). Memoized on the slices it reads and `now`: live
 * telemetry recomputes it once per animation frame at most (the frame batching of
 * socketEventActions.ts). Per card, only a card whose inputs changed (one or two a frame at 100
 * shares × 1 Hz) or whose freshness runs out at a new `now` is made again, a card that shows the
 * same keeps its object ({@link sameMonitorCard}), and an unchanged list keeps its array: a live
 * wearer's fix changes no card, and the list does not render (docs/monitor.md "Cost per frame").
 */
export const selectMonitorCards = createSelector(
  [
    (state: RootState) => selectMonitorState(state).tokens,
    (state: RootState) => selectMonitorState(state).cues,
    (state: RootState) => selectSharedViewsState(state).entities,
    (state: RootState) => selectActivityDetailsState(state).entities,
    (state: RootState) => state.liveWearers.entities,
    (state: RootState) => selectLocationHistoryState(state).tracks,
    // Called with the state alone: a memoized selector handed `now` too keeps a result per second.
    (state: RootState) => selectOpenAlertsByActivity(state),
    (_state: RootState, now: number) => now,
  ],
  (tokens, cues, views, details, liveWearers, tracks, openAlerts, now): readonly MonitorCard[] => {
    if (tokens !== cachedTokens) {
      const watched = new Set(tokens);
      for (const token of cardCache.keys()) if (!watched.has(token)) cardCache.delete(token);
      cachedTokens = tokens;
    }
    let changed = tokens.length !== previousOrder.length;
    // A frame of telemetry changes live wearers and tracks only. The records that stayed the same
    // object need no look-up per card (a look-up by token, a long string, or a walk of the view):
    // their part of each card's inputs is taken from its cache (docs/monitor.md, 2026-11-29).
    const keyedSame = views === cachedViews && cues === cachedCues;
    const detailsSame = details === cachedDetails;
    const alertsSame = openAlerts === cachedOpenAlerts;
    const cards = tokens.map((token): MonitorCard => {
      const cached = cardCache.get(token);
      const reuse = keyedSame && cached !== undefined;
      const view = reuse ? cached.inputs.view : views[token];
      const activityId = reuse ? cached.activityId : (view?.ActivityId ?? null);
      const wearerId = reuse ? cached.wearerId : view?.MemberDetails?.WearerID;
      const live = wearerId === undefined ? undefined : liveWearers[wearerId];
      const entry = activityId === null ? undefined : tracks[activityId];
      const status =
        reuse && detailsSame
          ? cached.inputs.status
          : activityId === null
            ? null
            : details[activityId]?.Status;
      const alerts =
        reuse && alertsSame
          ? cached.inputs.alerts
          : activityId === null
            ? undefined
            : openAlerts.get(activityId);
      const cued = reuse ? cached.inputs.cued : cues[token] !== undefined;
      // Compared field by field before anything is allocated: most cards of a frame are unchanged.
      // The clock alone moved on within the time the card's freshness holds: the same card. (A
      // clock set back judges again: freshness only holds forwards.)
      if (
        cached !== undefined &&
        cached.now <= now &&
        now <= cached.until &&
        cached.inputs.view === view &&
        cached.inputs.status === status &&
        cached.inputs.live === live &&
        cached.inputs.entry === entry &&
        cached.inputs.alerts === alerts &&
        cached.inputs.cued === cued
      ) {
        return cached.card;
      }
      const inputs: CardInputs = { view, status, live, entry, alerts, cued };
      // Made again when an input or the clock moved; kept when it shows the same (a live wearer's
      // fix, a second passing).
      const { card: made, until } = cardOf(token, inputs, now);
      const card = cached && sameMonitorCard(cached.card, made) ? cached.card : made;
      if (card !== cached?.card) changed = true;
      cardCache.set(token, { inputs, activityId, wearerId, now, until, card });
      return card;
    });
    // Set after the loop: every card's cache now reflects these records.
    cachedViews = views;
    cachedCues = cues;
    cachedDetails = details;
    cachedOpenAlerts = openAlerts;
    // A frame whose fixes changed no card (live wearers reporting) leaves the list as it was.
    if (changed) previousOrder = ordered(cards);
    return previousOrder;
  },
  // `now` is a new number every second: reselect keeps a result per primitive argument for as long
  // as the state objects before it live, so a quiet monitor (no telemetry) would keep one a second.
  // The cards' own cache above is what saves work; reselect's needs only the last few calls.
  { memoizeOptions: { maxSize: 8 }, argsMemoizeOptions: { maxSize: 8 } },
);
