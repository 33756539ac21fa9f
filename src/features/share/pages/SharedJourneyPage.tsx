import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Journey } from '../../../api/entities/journey';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useTrackColumns } from '../../../store/locationHistory/useTrackColumns';
import { GuardianName } from '../components/GuardianName';
import { MessagePanel } from '../components/MessagePanel';
import { SharedViewGate, wearerNameOf } from '../components/SharedViewGate';
import { sharedJourneyActivityRequested } from '../../../store/shares/sharedJourneyActions';
import { selectSharedView } from '../../../store/shares/sharedViewsSlice';
import { shareThreadActivityId } from '../../../store/shares/shareThreadActivity';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { activitiesOfDay, dayTotals, journeyDays } from '../../../ui/journey/journeyDays';
import { JourneyDayPicker } from '../../../ui/journey/JourneyDayPicker';
import { JourneyTotals } from '../../../ui/journey/JourneyTotals';
import { useShareFormat } from '../shareFormat';
import '../share.css';
import { lazyChunk } from '../../../ui/lazyChunk';
import { useTrackDerivationsAhead } from '../../../ui/map/useTrackDerivationsAhead';

// MapLibre and deck.gl load with the map, not with the page.
/** No failed tracks (a stable empty list for the selector). */
const NO_IDS: readonly number[] = [];

const JourneyMap = lazyChunk(() => import('../components/JourneyMap').then((m) => m.default));

/**
 * /share/journey/{shareToken}?totp= (spec app §2, §4 "A journey shows a selected day index, or the
 * complete timeline (marked 999)"; issue 8 item 2): a shared multi-day journey without an account — a
 * day picker, the day's activities with their figures and the day's totals, and the map of the day's
 * tracks (each loaded with shared-journey-activity), and the message thread of the journey's latest
 * activity with the form to write to the wearer (spec app §1 "Share viewers can message the wearer").
 * Refreshed every minute while open (the store).
 */
export function SharedJourneyPage() {
  return (
    <SharedViewGate usable={(view) => view.Journey !== null}>
      {(view, shareToken) =>
        view.Journey ? (
          <SharedJourneyView
            shareToken={shareToken}
            journey={view.Journey}
            wearerName={wearerNameOf(view)}
          />
        ) : null
      }
    </SharedViewGate>
  );
}

function SharedJourneyView({
  shareToken,
  journey,
  wearerName,
}: {
  shareToken: string;
  journey: Journey;
  wearerName: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { format, text } = useShareFormat();
  const days = useMemo(
    () => journeyDays(journey.JourneyStart, journey.JourneyEnd, format.timeZone),
    [journey.JourneyStart, journey.JourneyEnd, format.timeZone],
  );
  const [dayIndex, setDayIndex] = useState(0);
  // Messages go to the journey's latest activity (the store loads its thread).
  const threadActivityId = shareThreadActivityId({ ActivityId: null, Journey: journey });
  const shown = activitiesOfDay(journey.ActivitySummaries, days, dayIndex);
  const totals = dayTotals(shown);
  const shownIds = shown.map((s) => s.ActivityId);
  const idsKey = shownIds.join(',');
  useEffect(() => {
    for (const id of idsKey.split(',').filter(Boolean)) {
      dispatch(sharedJourneyActivityRequested({ ShareToken: shareToken, ActivityId: Number(id) }));
    }
  }, [dispatch, shareToken, idsKey]);
  // Tracks of the day shown that failed to load (their request again clears them).
  const failedIds = useAppSelector(
    (state) => selectSharedView(state, shareToken)?.FailedActivityIds ?? NO_IDS,
  ).filter((id) => shownIds.includes(id));
  // Their drawings are derived as they arrive, while the map's chunk may still be loading.
  useTrackDerivationsAhead(useTrackColumns(shownIds));
  useEffect(() => {
    document.title = t('Share.Journey.PageTitle', { name: wearerName });
  }, [t, wearerName]);

  const dayChoices = days.map((day) => ({
    index: day.index,
    label: t('Share.Journey.Day', { number: day.index + 1, date: format.date(day.startMs) }),
  }));
  return (
    <article className="ll-share">
      <header className="ll-share-header">
        <h1>{wearerName}</h1>
        <p className="ll-muted">
          {t('Share.Journey.Span', {
            start: format.date(journey.JourneyStart),
            end: format.date(journey.JourneyEnd),
          })}
        </p>
      </header>
      <JourneyDayPicker
        days={dayChoices}
        completeLabel={t('Share.Journey.Complete')}
        selected={dayIndex}
        onSelect={setDayIndex}
        label={t('Share.Journey.Days')}
      />
      <JourneyTotals
        totals={totals}
        format={format}
        text={text}
        labels={{
          section: t('Share.Journey.Totals'),
          activities: t('Share.Journey.Activities'),
          distance: t('Share.Distance'),
          time: t('Share.Journey.Time'),
        }}
      />
      {failedIds.length > 0 ? (
        <RetryMessage
          message={t('Share.Journey.TrackFailed', { count: failedIds.length })}
          retryLabel={t('Share.Retry')}
          onRetry={() => {
            for (const ActivityId of failedIds) {
              dispatch(sharedJourneyActivityRequested({ ShareToken: shareToken, ActivityId }));
            }
          }}
        />
      ) : null}
      <div className="ll-share-map-frame">
        <Suspense fallback={<LoadingScreen label={t('Share.LoadingMap')} />}>
          <JourneyMap activityIds={shownIds} fitKey={dayIndex} />
        </Suspense>
      </div>
      {shown.length === 0 ? (
        <p className="ll-muted">{t('Share.Journey.NoActivities')}</p>
      ) : (
        <ol className="ll-share-journey-activities">
          {shown.map((s) => (
            <li key={s.ActivityId}>
              <strong>{t(`Activities.Type.${s.ActivityType}`)}</strong> ·{' '}
              {format.dateTime(s.TimestampStart)} · {format.duration(s.ActivityStats.DurationMs)} ·{' '}
              {text(format.distance(s.ActivityStats.Distance.Displayed))}
            </li>
          ))}
        </ol>
      )}
      {threadActivityId === null ? null : (
        <>
          <GuardianName />
          <MessagePanel shareToken={shareToken} activityId={threadActivityId} format={format} />
        </>
      )}
    </article>
  );
}
