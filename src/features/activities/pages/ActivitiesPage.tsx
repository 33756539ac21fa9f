import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectActivitySummariesIn,
  selectActivitySummariesStatus,
  selectHasHistoricActivity,
} from '../../../store/activities/activitySummariesSelectors';
import {
  activitySummariesRequested,
  hasHistoricActivityRequested,
} from '../../../store/activities/activitySummariesSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectEffectiveUnits } from '../../../store/units/effectiveUnits';
import { useFormatter } from '../../../ui/format';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import {
  ACTIVITY_FILTERS,
  filterWindow,
  groupActivities,
  type ActivityFilter,
  type ActivityGrouping,
} from '../activityFilters';
import { ActivityRow } from '../components/ActivityRow';
import '../activities.css';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';

/** A window that matches nothing while a custom range is incomplete. */
const EMPTY_WINDOW = { fromMs: 1, toMs: 0 };

/**
 * /member/activities (spec app §2 "Activity filters", issue 7 item 2): the member's activities in a
 * chosen window — All Time, Custom, Last 7/30/365 days, Today, Yesterday — grouped by activity or by
 * date, newest first, each with its figures in the member's units; the summaries come from the store's
 * cache, topped up for windows it does not cover yet. An empty window says whether the wearer has
 * recorded anything at all (member-wearer-has-historic-activity): a first-time member is told how an
 * activity gets here, a member with older activities is offered All Time (docs/activities.md).
 */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [filter, setFilter] = useState<ActivityFilter>('Last30Days');
  const [grouping, setGrouping] = useState<ActivityGrouping>('activity');
  const [custom, setCustom] = useState({ from: '', to: '' });
  // The window is fixed when the filter changes, so the list does not shift while it is read.
  const [now, setNow] = useState(() => Date.now());
  const chooseFilter = (next: ActivityFilter) => {
    setNow(Date.now());
    setFilter(next);
  };
  const { format, text } = useFormatter(useAppSelector(selectEffectiveUnits));
  // Days are cut in the zone the list's dates show in, so a day's header is its rows' date.
  const zone = format.timeZone;
  // Windows end at now on the server's clock, which the activities' times are on.
  const serverNow = now + useServerClockOffset();
  const window = useMemo(
    () => filterWindow(filter, serverNow, custom, zone),
    [filter, serverNow, custom, zone],
  );

  useEffect(() => {
    if (window) dispatch(activitySummariesRequested({ fromMs: window.fromMs, toMs: window.toMs }));
  }, [dispatch, window]);
  useEffect(() => {
    dispatch(hasHistoricActivityRequested());
  }, [dispatch]);
  const hasHistoric = useAppSelector(selectHasHistoricActivity);

  const summaries = useAppSelector((state) =>
    selectActivitySummariesIn(state, window ?? EMPTY_WINDOW),
  );
  const status = useAppSelector(selectActivitySummariesStatus);
  const groups = useMemo(
    () => groupActivities(summaries, grouping, zone),
    [summaries, grouping, zone],
  );

  return (
    <section className="ll-activities" aria-labelledby="activities-title">
      <h1 id="activities-title">{t('Titles.Activities')}</h1>
      <div className="ll-activities-controls">
        <label>
          {t('Activities.List.Filter')}
          <select
            value={filter}
            onChange={(e) => {
              chooseFilter(e.target.value as ActivityFilter);
            }}
          >
            {ACTIVITY_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`Activities.Filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
        {filter === 'Custom' ? (
          <>
            <label>
              {t('Activities.List.From')}
              <input
                type="date"
                value={custom.from}
                onChange={(e) => {
                  setCustom({ ...custom, from: e.target.value });
                }}
              />
            </label>
            <label>
              {t('Activities.List.To')}
              <input
                type="date"
                value={custom.to}
                onChange={(e) => {
                  setCustom({ ...custom, to: e.target.value });
                }}
              />
            </label>
          </>
        ) : null}
        <fieldset className="ll-activities-grouping">
          <legend>{t('Activities.List.GroupBy')}</legend>
          {(['activity', 'date'] as const).map((g) => (
            <label key={g}>
              <input
                type="radio"
                name="grouping"
                value={g}
                checked={grouping === g}
                onChange={() => {
                  setGrouping(g);
                }}
              />
              {t(`Activities.Grouping.${g}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {status === 'loading' && summaries.length === 0 ? (
        <p role="status">{t('Activities.List.Loading')}</p>
      ) : status === 'failed' && summaries.length === 0 ? (
        <RetryMessage
          message={t('Activities.List.LoadFailed')}
          retryLabel={t('Activities.Retry')}
          onRetry={() => {
            if (window)
              dispatch(activitySummariesRequested({ fromMs: window.fromMs, toMs: window.toMs }));
          }}
        />
      ) : groups.length === 0 ? (
        <div className="ll-activities-empty">
          {!window ? (
            <p>{t('Activities.List.ChooseDates')}</p>
          ) : hasHistoric === false ? (
            <p>{t('Activities.List.NoneYet')}</p>
          ) : (
            <>
              <p>{t('Activities.List.Empty')}</p>
              {hasHistoric === true && filter !== 'AllTime' ? (
                <button
                  type="button"
                  className="ll-button"
                  onClick={() => {
                    chooseFilter('AllTime');
                  }}
                >
                  {t('Activities.List.ShowAllTime')}
                </button>
              ) : null}
            </>
          )}
        </div>
      ) : grouping === 'activity' ? (
        <ul className="ll-activity-list">
          {summaries.map((s) => (
            <ActivityRow key={s.ActivityId} summary={s} format={format} text={text} />
          ))}
        </ul>
      ) : (
        groups.map((group, i) => (
          <section key={group.key} aria-label={format.date(group.key)}>
            {group.weekStartMs !== null && group.weekStartMs !== groups[i - 1]?.weekStartMs ? (
              <h2 className="ll-activities-week">
                {t('Activities.List.WeekOf', { date: format.date(group.weekStartMs) })}
              </h2>
            ) : null}
            <h3>{format.date(group.key)}</h3>
            <ul className="ll-activity-list">
              {group.activities.map((s) => (
                <ActivityRow key={s.ActivityId} summary={s} format={format} text={text} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
