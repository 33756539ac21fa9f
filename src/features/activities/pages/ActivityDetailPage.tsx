import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  selectActivityDetail,
  selectActivityDetailMissing,
  selectActivityDetailStatus,
} from '../../../store/activities/activityDetailsSelectors';
import {
  activityDetailHidden,
  activityDetailShown,
} from '../../../store/activities/activityEvents';
import { selectAlertsOfActivity } from '../../../store/activities/alertsSlice';
import { selectMessageThreadOfActivity } from '../../../store/activities/messageThreadsSlice';
import { playbackTimeChanged } from '../../../store/activities/journeySlice';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import { selectSocketAttempt, selectSocketConnection } from '../../../store/realtime/realtimeSlice';
import {
  selectTrackColumns,
  selectTrackEntry,
} from '../../../store/locationHistory/locationHistorySelectors';
import { useFormatter } from '../../../ui/format';
import { ConnectionNotice } from '../../../ui/realtime/ConnectionNotice';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { ActivityActions, type TrimDraft } from '../components/ActivityActions';
import { ActivityContacts } from '../components/ActivityContacts';
import { ActivityEquipment } from '../components/ActivityEquipment';
import { ActivityMessages } from '../components/ActivityMessages';
import { ActivityShares } from '../components/ActivityShares';
import { ActivitySplits } from '../components/ActivitySplits';
import { ActivityTimeline } from '../components/ActivityTimeline';
import { visibleTabs, type DetailTab } from '../detailTabs';
import { columnPoints, downloadGpx, toGpx } from '../export/gpx';
import '../activities.css';
import { lazyChunk } from '../../../ui/lazyChunk';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';
import { activityDetailRequested } from '../../../store/activities/activityDetailsSlice';

// MapLibre, deck.gl and the replay load with the map tab, not with the page.
const ReplayMap = lazyChunk(() => import('../components/ReplayMap').then((m) => m.default));
// uPlot loads with the data tab.
const ActivityDataCharts = lazyChunk(() =>
  import('../components/ActivityDataCharts').then((m) => m.default),
);

/**
 * /member/activity/{ActivityId} (spec app §2, §3 "Activity detail"; issue 7 item 3): the activity's
 * figures and its tabs — a tab shows only when it has content (docs/activities.md) — with the map and
 * replay first. The detail loads lazily through the store (previous activity preloaded) and refreshes
 * each minute while open. The replay's time at rest is kept here, per activity, so the Data tab's
 * charts mark where the map's replay stopped and a seek in a chart moves the replay; the page hears
 * it when the replay rests or the map closes, never per animation frame.
 *
 * With `trimming`, it is /member/activity/trim/{ActivityId} (spec app §2; docs/activities.md "Trim
 * route"): the same page with its edit panel open on the trim, the focus in its first field and the
 * map previewing the kept span; once a trim is sent it goes back to the activity's own route.
 */
export function ActivityDetailPage({ trimming = false }: { readonly trimming?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const activityId = Number(useParams().ActivityId);
  const valid = Number.isSafeInteger(activityId) && activityId > 0;
  useEffect(() => {
    if (!valid) return;
    dispatch(activityDetailShown({ ActivityId: activityId }));
    return () => {
      dispatch(activityDetailHidden({ ActivityId: activityId }));
    };
  }, [dispatch, activityId, valid]);
  const detail = useAppSelector((state) => selectActivityDetail(state, activityId));
  const status = useAppSelector((state) => selectActivityDetailStatus(state, activityId));
  const missing = useAppSelector((state) => selectActivityDetailMissing(state, activityId));
  const alerts = useAppSelector((state) => selectAlertsOfActivity(state, activityId));
  const thread = useAppSelector((state) => selectMessageThreadOfActivity(state, activityId));
  const units = useAppSelector(selectEffectiveUnits);
  const connection = useAppSelector(selectSocketConnection);
  const attempt = useAppSelector(selectSocketAttempt);
  const { format, text } = useFormatter(units);
  const trackPoints = useAppSelector((state) => selectTrackEntry(state, activityId)?.length ?? 0);
  const [tab, setTab] = useState<DetailTab>('Map');
  const [replay, setReplay] = useState<{ activityId: number; timeMs: number } | null>(null);
  const replayTimeMs = replay?.activityId === activityId ? replay.timeMs : null;
  const [trimDraft, setTrimDraft] = useState<TrimDraft | null>(null);
  // The edit panel is open on the trim route, while the member has it open, and when a trim draft
  // shows: one the member types, or one back after the server refused it (ActivityActions).
  const [editOpened, setEditOpened] = useState(false);
  const editOpen = trimming || editOpened || trimDraft !== null;
  const onReplayTime = useCallback(
    (timeMs: number) => {
      setReplay({ activityId, timeMs });
    },
    [activityId],
  );
  const onSeek = useCallback(
    (timeMs: number) => {
      setReplay({ activityId, timeMs });
      dispatch(playbackTimeChanged({ timeMs: Math.round(timeMs) }));
    },
    [activityId, dispatch],
  );
  const store = useAppStore();
  const onTrimmed = useCallback(() => {
    void navigate(`/member/activity/${String(activityId)}`, { replace: true });
  }, [navigate, activityId]);

  if (!valid) return <p role="alert">{t('Activities.Detail.NotFound')}</p>;
  if (!detail) {
    if (status === 'failed' && missing)
      return <p role="alert">{t('Activities.Detail.NotFound')}</p>;
    return status === 'failed' ? (
      <RetryMessage
        message={t('Activities.Detail.LoadFailed')}
        retryLabel={t('Activities.Retry')}
        onRetry={() => dispatch(activityDetailRequested({ ActivityId: activityId }))}
      />
    ) : (
      <LoadingScreen label={t('Activities.Detail.Loading')} />
    );
  }
  const tabs = visibleTabs(detail, trackPoints, thread?.Messages.length ?? 0);
  const current = tabs.includes(tab) ? tab : 'Map';
  const stats = detail.ActivityStats;
  return (
    <article
      className={trimming ? 'll-activity-detail ll-activity-detail-trimming' : 'll-activity-detail'}
      aria-labelledby="activity-title"
    >
      <header>
        <h1 id="activity-title">{t(`Activities.Type.${detail.ActivityType}`)}</h1>
        <p className="ll-muted">{format.dateTime(detail.TimestampStart)}</p>
        <dl className="ll-activity-figures">
          <div>
            <dt>{t('Activities.Detail.Duration')}</dt>
            <dd>{format.duration(stats.DurationMs)}</dd>
          </div>
          <div>
            <dt>{t('Activities.Detail.Distance')}</dt>
            <dd>{text(format.distance(stats.Distance.Displayed))}</dd>
          </div>
          <div>
            <dt>{t('Activities.Detail.AverageSpeed')}</dt>
            <dd>{text(format.speed(stats.SpeedAvgMPS))}</dd>
          </div>
          <div>
            <dt>{t('Activities.Detail.TopSpeed')}</dt>
            <dd>{text(format.speed(stats.SpeedMaxMPS))}</dd>
          </div>
          {typeof stats.HeartRateAvgBPM === 'number' ? (
            <div>
              <dt>{t('Activities.Detail.AverageHeartRate')}</dt>
              <dd>{text(format.heartRate(stats.HeartRateAvgBPM))}</dd>
            </div>
          ) : null}
        </dl>
        <button
          type="button"
          className="ll-button"
          onClick={() => {
            // Read when asked: the export takes the track as it is now, live points included.
            const columns = selectTrackColumns(store.getState(), activityId);
            const name = `${t(`Activities.Type.${detail.ActivityType}`)} ${format.dateTime(detail.TimestampStart)}`;
            downloadGpx(
              `lifeline-activity-${String(activityId)}.gpx`,
              toGpx([{ name, type: detail.ActivityType, points: columnPoints(columns) }]),
            );
          }}
        >
          {t('Activities.Detail.ExportGpx')}
        </button>
      </header>
      {detail.TimestampEnd === null ? (
        <ConnectionNotice connection={connection} attempt={attempt} />
      ) : null}
      <details
        className="ll-activity-edit"
        open={editOpen}
        onToggle={(e) => {
          setEditOpened(e.currentTarget.open);
        }}
      >
        <summary>{t('Activities.Actions.Title')}</summary>
        <ActivityActions
          activity={detail}
          format={format}
          onTrimDraft={setTrimDraft}
          trimming={trimming}
          onTrimmed={trimming ? onTrimmed : undefined}
        />
      </details>
      <details className="ll-activity-edit">
        <summary>{t('Activities.Shares.Title')}</summary>
        <ActivityShares activityId={activityId} format={format} />
      </details>
      <div className="ll-activity-view">
        <div role="tablist" className="ll-tabs" aria-label={t('Activities.Detail.Tabs')}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`activity-tab-${name}`}
              aria-selected={current === name}
              aria-controls={`activity-panel-${name}`}
              onClick={() => {
                setTab(name);
              }}
            >
              {t(`Activities.Tab.${name}`)}
            </button>
          ))}
        </div>
        <section
          role="tabpanel"
          id={`activity-panel-${current}`}
          aria-labelledby={`activity-tab-${current}`}
        >
          {current === 'Map' ? (
            <Suspense fallback={<LoadingScreen label={t('Activities.Detail.LoadingMap')} />}>
              <ReplayMap
                activityId={activityId}
                alerts={alerts}
                messages={thread?.Messages}
                format={format}
                initialTimeMs={replayTimeMs}
                onTimeSettled={onReplayTime}
                trimPreview={trimDraft}
              />
            </Suspense>
          ) : current === 'Data' ? (
            <Suspense fallback={<LoadingScreen label={t('Activities.Data.Loading')} />}>
              <ActivityDataCharts
                activityId={activityId}
                units={units}
                format={format}
                replayTimeMs={replayTimeMs}
                onSeek={onSeek}
              />
            </Suspense>
          ) : current === 'Splits' ? (
            <ActivitySplits
              activityId={activityId}
              saved={detail.SplitsSettings ?? null}
              format={format}
              text={text}
            />
          ) : current === 'Messages' ? (
            <ActivityMessages messages={thread?.Messages ?? []} format={format} />
          ) : current === 'Contacts' ? (
            <ActivityContacts
              notifications={detail.Notifications ?? []}
              alerts={alerts}
              format={format}
            />
          ) : current === 'Equipment' ? (
            <ActivityEquipment items={detail.Equipment ?? []} activityType={detail.ActivityType} />
          ) : (
            <ActivityTimeline items={detail.Timeline ?? []} alerts={alerts} format={format} />
          )}
        </section>
      </div>
    </article>
  );
}
