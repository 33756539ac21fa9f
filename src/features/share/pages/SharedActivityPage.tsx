import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectActivityDetail } from '../../../store/activities/activityDetailsSelectors';
import { selectAlertsOfActivity } from '../../../store/activities/alertsSlice';
import { selectMessageThreadOfActivity } from '../../../store/activities/messageThreadsSlice';
import type { Message } from '../../../api/entities/message';
import { isAlertOpen } from '../../../api/entities/alert';
import { useAppSelector } from '../../../store/hooks';
import {
  newerHeartRate,
  selectLastPoint,
  selectLatestHeartRate,
} from '../../../store/locationHistory/locationHistorySelectors';
import { selectLiveWearer } from '../../../store/realtime/liveWearersSlice';
import {
  selectMonitorSocketStatus,
  selectSocketStatusOf,
  shareSocketKey,
} from '../../../store/realtime/realtimeSlice';
import { isMonitored, isWatchedByMonitor } from '../../../store/monitor/monitorSlice';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { ConnectionNotice } from '../../../ui/realtime/ConnectionNotice';
import { AlertActions } from '../components/AlertActions';
import { AlertBanner } from '../components/AlertBanner';
import { AlertHistory } from '../components/AlertHistory';
import { GuardianName } from '../components/GuardianName';
import { IncidentRecordButton } from '../components/IncidentRecordButton';
import { LiveFacts } from '../components/LiveFacts';
import { MessagePanel } from '../components/MessagePanel';
import { SharedEquipment } from '../components/SharedEquipment';
import { SearchlightPanel } from '../components/SearchlightPanel';
import { SharedViewGate, wearerNameOf } from '../components/SharedViewGate';
import { useShareFormat } from '../shareFormat';
import '../share.css';
import { lazyChunk } from '../../../ui/lazyChunk';
import { MemberLoginOffer } from '../components/MemberLoginOffer';
import { useSearchlightMapView } from '../useSearchlightMapView';

const NO_MESSAGES: readonly Message[] = [];
const NO_INTERVALS: readonly number[] = [];

// MapLibre and deck.gl load with the map, not with the page (issue 7 targets: a lazy map chunk).
const ShareMap = lazyChunk(() => import('../components/ShareMap').then((m) => m.default));

/**
 * /share/activity/{shareToken}?totp= (spec app §2; issue 8 item 2): a guardian's live view without an
 * account. Opens the share on mount and follows it until leaving; a bad, expired or revoked link goes
 * to /share-not-found. Shows the wearer and activity, an alert banner while an alert is open, how fresh
 * the data is, and the map.
 */
export function SharedActivityPage() {
  return (
    <SharedViewGate usable={(view) => view.ActivityId !== null}>
      {(view, shareToken) => (
        <SharedActivityView
          shareToken={shareToken}
          activityId={view.ActivityId ?? 0}
          wearerId={view.MemberDetails?.WearerID ?? null}
          wearerName={wearerNameOf(view)}
        />
      )}
    </SharedViewGate>
  );
}

/**
 * The shared activity as a guardian sees it. With `replayAtMs` (epoch ms, on the server's clock) it is an incident replay
 * (src/features/share/pages/IncidentReplayPage.tsx): the screen as it was at that time, read-only —
 * data ages against that time, no actions, no record button.
 */
export function SharedActivityView({
  shareToken,
  activityId,
  wearerId,
  wearerName,
  replayAtMs,
}: {
  shareToken: string;
  activityId: number;
  wearerId: number | null;
  wearerName: string;
  replayAtMs?: number;
}) {
  const { t } = useTranslation();
  const { format, text } = useShareFormat();
  // The page does not tick: the data age line reads the clock on its own (LiveFacts, DataAgeLine).
  const interactive = replayAtMs === undefined;
  const [follow, setFollow] = useState(true);
  const detail = useAppSelector((state) => selectActivityDetail(state, activityId));
  const alerts = useAppSelector((state) => selectAlertsOfActivity(state, activityId));
  const live = useAppSelector((state) =>
    wearerId === null ? undefined : selectLiveWearer(state, wearerId),
  );
  const last = useAppSelector((state) => selectLastPoint(state, activityId));
  const trackHeartRate = useAppSelector((state) => selectLatestHeartRate(state, activityId));
  // A reading that came after its fix (a late VITALS) is live before it is in the track.
  const heartRate = newerHeartRate(
    trackHeartRate,
    live?.ActivityId === activityId && live.HeartRate !== null && live.HeartRateTime !== null
      ? { bpm: live.HeartRate, Time: live.HeartRateTime }
      : null,
  );
  const openAlert = alerts.find(isAlertOpen) ?? null;
  // A share the operator monitor watches is seen in the operator's view (docs/monitor.md).
  const monitored = useAppSelector((state) => isWatchedByMonitor(state, shareToken));
  // This page's own socket, or the monitor's to the share's server while the open monitor follows
  // it (a card opened from a closed monitor has its own socket).
  const followedByMonitor = useAppSelector((state) => isMonitored(state, shareToken));
  const socket = useAppSelector((state) =>
    followedByMonitor
      ? selectMonitorSocketStatus(state)
      : selectSocketStatusOf(state, shareSocketKey(shareToken)),
  );
  const connection = socket?.connection ?? 'idle';
  const attempt = socket?.attempt ?? null;
  const thread = useAppSelector((state) => selectMessageThreadOfActivity(state, activityId));
  // The searchlight on the map too (policy §2 "a searchlight map mode"), not in a replay.
  const searchlight = useSearchlightMapView(interactive);
  const lastFixTime = live?.lastFixTime ?? last?.Time ?? null;
  const status = live?.Status ?? detail?.Status ?? null;

  useEffect(() => {
    if (interactive) document.title = t('Share.PageTitle', { name: wearerName });
  }, [t, wearerName, interactive]);

  return (
    <article className="ll-share">
      <header className="ll-share-header">
        <h1>{wearerName}</h1>
        {detail ? (
          <p className="ll-muted">
            {t(`Activities.Type.${detail.ActivityType}`)} ·{' '}
            {t('Share.StartedAt', { time: format.dateTime(detail.TimestampStart) })}
          </p>
        ) : null}
        {status ? (
          <span className={`ll-share-status ll-share-status-${status.toLowerCase()}`}>
            {t(`Activities.Status.${status}`)}
          </span>
        ) : null}
        {interactive ? <IncidentRecordButton /> : null}
      </header>
      <AlertBanner alert={openAlert} format={format} />
      {interactive ? (
        <AlertActions shareToken={shareToken} alerts={alerts} format={format} />
      ) : null}
      <AlertHistory alerts={alerts} viewer={monitored ? 'operator' : 'guardian'} format={format} />
      {interactive ? <ConnectionNotice connection={connection} attempt={attempt} /> : null}
      <LiveFacts
        recentIntervalsMs={live?.recentIntervalsMs ?? NO_INTERVALS}
        replayAtMs={replayAtMs}
        speedMps={last?.Speed ?? null}
        headingDeg={live?.Heading ?? null}
        battery={live?.Battery ?? null}
        distanceM={detail?.ActivityStats.Distance.Displayed ?? null}
        heartRate={heartRate}
        lastFixTime={lastFixTime}
        format={format}
        text={text}
      />
      <label className="ll-share-follow">
        <input
          type="checkbox"
          checked={follow}
          onChange={(e) => {
            setFollow(e.target.checked);
          }}
        />
        {t('Share.Follow')}
      </label>
      <div className="ll-share-map-frame">
        <Suspense fallback={<LoadingScreen label={t('Share.LoadingMap')} />}>
          <ShareMap
            activityId={activityId}
            headingDeg={live?.Heading ?? null}
            alerts={alerts}
            messages={thread?.Messages ?? NO_MESSAGES}
            follow={follow}
            searchlight={searchlight}
          />
        </Suspense>
      </div>
      <SharedEquipment items={detail?.Equipment} wearerName={wearerName} />
      {interactive ? (
        <>
          <SearchlightPanel
            target={last ? { lat: last.Y, lon: last.X } : null}
            format={format}
            text={text}
          />
          <GuardianName />
        </>
      ) : null}
      <MessagePanel shareToken={shareToken} activityId={activityId} format={format} />
      {interactive ? <MemberLoginOffer activityId={activityId} /> : null}
    </article>
  );
}
