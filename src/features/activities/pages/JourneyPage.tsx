import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNEY_COMPLETE_TIMELINE_DAY_INDEX } from '../../../api/entities/journey';
import { activityDetailRequested } from '../../../store/activities/activityDetailsSlice';
import {
  selectActivitySummariesIn,
  selectActivitySummariesStatus,
} from '../../../store/activities/activitySummariesSelectors';
import {
  journeyDayChosen,
  journeyHidden,
  journeyShown,
  selectJourneyDayIndex,
  selectShownJourney,
} from '../../../store/activities/journeySlice';
import { useTrackColumns } from '../../../store/locationHistory/useTrackColumns';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useFormatter } from '../../../ui/format';
import {
  activitiesOfDay,
  dayTotals,
  daysWithActivities,
  journeyDays,
} from '../../../ui/journey/journeyDays';
import { JourneyDayPicker } from '../../../ui/journey/JourneyDayPicker';
import { JourneyTotals } from '../../../ui/journey/JourneyTotals';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { lazyChunk } from '../../../ui/lazyChunk';
import { useTrackDerivationsAhead } from '../../../ui/map/useTrackDerivationsAhead';
import { ActivityRow } from '../components/ActivityRow';
import { JourneyDates } from '../components/JourneyDates';
import { JourneyGpxButton } from '../components/JourneyGpxButton';
import { JourneyShare } from '../components/JourneyShare';
import { useDefaultJourney } from '../useDefaultJourney';
import '../activities.css';
import '../journey.css';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';

// MapLibre and deck.gl load with the map, not with the page.
const JourneyMap = lazyChunk(() => import('../components/JourneyMap').then((m) => m.default));

/** A window that matches nothing before a journey is shown. */
const NO_WINDOW = { fromMs: 1, toMs: 0 };

/**
 * /member/share-journey (spec app §2 member area, /member/share-event redirects here; §3 "Journey";
 * §4 "A journey shows a selected day index, or the complete timeline (marked 999)"; policy §2
 * "Journey with day picker and Share Journey"; issue 7 item 4): the member chooses the start and end
 * dates (first shown: the most recent multi-day journey, docs/activities.md), picks a day with
 * activity or the complete timeline, and sees that day's figures, activities (each linking to its
 * detail) and tracks on the map; then shares the journey. While open, the store refreshes the
 * journey each minute (`journeyShown` … `journeyHidden`, src/store/activities/journeyEpics.ts).
 * `openedAtMs` (epoch ms) is when the route opened (JourneyRoute), the moment the first journey is
 * suggested for.
 */
export function JourneyPage({ openedAtMs }: { readonly openedAtMs: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectShownJourney);
  const chosenDay = useAppSelector(selectJourneyDayIndex);
  const { format, text } = useFormatter(useAppSelector(selectEffectiveUnits));
  // Days are cut in the zone the screen's dates show in (src/ui/time/calendarIn.ts).
  const zone = format.timeZone;
  const suggestion = useDefaultJourney(openedAtMs, zone);

  useEffect(() => {
    if (shown === null && suggestion !== null) dispatch(journeyShown(suggestion));
  }, [dispatch, shown, suggestion]);
  useEffect(
    () => () => {
      dispatch(journeyHidden());
    },
    [dispatch],
  );

  const window = useMemo(
    () => (shown ? { fromMs: shown.JourneyStart, toMs: shown.JourneyEnd } : NO_WINDOW),
    [shown],
  );
  const summaries = useAppSelector((state) => selectActivitySummariesIn(state, window));
  const status = useAppSelector(selectActivitySummariesStatus);
  const days = useMemo(
    () => (shown ? journeyDays(shown.JourneyStart, shown.JourneyEnd, zone) : []),
    [shown, zone],
  );
  const activeDays = daysWithActivities(summaries, days);
  // A day that lost its activities (deleted meanwhile) falls back to the complete timeline.
  const dayIndex = activeDays.some((day) => day.index === chosenDay)
    ? chosenDay
    : JOURNEY_COMPLETE_TIMELINE_DAY_INDEX;
  const whole = dayIndex === JOURNEY_COMPLETE_TIMELINE_DAY_INDEX;
  const activities = useMemo(
    () => activitiesOfDay(summaries, days, dayIndex),
    [summaries, days, dayIndex],
  );
  // Keyed by the ids, not the summaries: a detail's answer updates its summary, and asking again
  // would reload an activity that ended within the hour (spec §4) — a loop while the page is open.
  const idsKey = activities.map((s) => s.ActivityId).join(',');
  const activityIds = useMemo(() => idsKey.split(',').filter(Boolean).map(Number), [idsKey]);

  // The shown activities' details bring their tracks for the map (at most 4 loads at once, spec §4).
  useEffect(() => {
    for (const id of activityIds) {
      dispatch(activityDetailRequested({ ActivityId: id, preload: true }));
    }
  }, [dispatch, activityIds]);
  // Their drawings are derived as they arrive, while the map's chunk may still be loading.
  useTrackDerivationsAhead(useTrackColumns(activityIds));

  return (
    <section className="ll-journey" aria-labelledby="journey-title">
      <h1 id="journey-title">{t('Titles.Journey')}</h1>
      <JourneyDates
        span={shown}
        timeZone={zone}
        onChange={(span) => {
          dispatch(journeyShown(span));
        }}
      />
      {shown === null || (status === 'loading' && summaries.length === 0) ? (
        <p role="status">{t('Journey.Loading')}</p>
      ) : status === 'failed' && summaries.length === 0 ? (
        <RetryMessage
          message={t('Journey.LoadFailed')}
          retryLabel={t('Journey.Retry')}
          onRetry={() => dispatch(journeyShown(shown))}
        />
      ) : summaries.length === 0 ? (
        <p className="ll-muted">{t('Journey.NoActivities')}</p>
      ) : (
        <>
          <JourneyDayPicker
            days={activeDays.map((day) => ({
              index: day.index,
              label: t('Journey.Day', { number: day.index + 1, date: format.date(day.startMs) }),
            }))}
            completeLabel={t('Journey.Complete')}
            selected={dayIndex}
            onSelect={(index) => {
              dispatch(journeyDayChosen({ dayIndex: index }));
            }}
            label={t('Journey.Days')}
          />
          <JourneyTotals
            totals={dayTotals(activities)}
            format={format}
            text={text}
            labels={{
              section: whole ? t('Journey.JourneyTotals') : t('Journey.DayTotals'),
              activities: t('Journey.Activities'),
              distance: t('Journey.Distance'),
              time: t('Journey.Time'),
            }}
          />
          <div className="ll-journey-map-frame">
            <Suspense fallback={<LoadingScreen label={t('Journey.LoadingMap')} />}>
              <JourneyMap
                activityIds={activityIds}
                fitKey={`${String(shown.JourneyStart)}-${String(shown.JourneyEnd)}-${String(dayIndex)}`}
              />
            </Suspense>
          </div>
          <JourneyGpxButton
            activities={activities}
            span={`${format.date(shown.JourneyStart)}_${format.date(shown.JourneyEnd)}`}
            format={format}
          />
          <ul
            className="ll-activity-list"
            aria-label={whole ? t('Journey.JourneyActivities') : t('Journey.DayActivities')}
          >
            {activities.map((s) => (
              <ActivityRow key={s.ActivityId} summary={s} format={format} text={text} />
            ))}
          </ul>
        </>
      )}
      {shown ? <JourneyShare span={shown} /> : null}
    </section>
  );
}
