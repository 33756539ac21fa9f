import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivitySummary } from '../../../api/entities/activity';
import type { Formatter, Measure } from '../../../ui/format';

/**
 * One activity of the list (issue 7 item 2): its type, start, duration, distance, average and top
 * speed in the member's units and, when known, its average heart rate (whole bpm), linking to its
 * detail. Memoized: a list or journey renders again as each activity's detail and track arrive, and
 * a row (a dozen translations with interpolation) renders only when its summary, the units or the
 * language changed.
 */
export const ActivityRow = memo(function ActivityRow({
  summary,
  format,
  text,
}: {
  summary: ActivitySummary;
  format: Formatter;
  text: (m: Measure) => string;
}) {
  const { t } = useTranslation();
  const stats = summary.ActivityStats;
  const type = t(`Activities.Type.${summary.ActivityType}`);
  return (
    <li className="ll-activity-row">
      <Link to={`/member/activity/${String(summary.ActivityId)}`} className="ll-activity-link">
        <span className="ll-activity-type" aria-hidden="true">
          {type.slice(0, 1)}
        </span>
        <span className="ll-activity-main">
          <strong>{type}</strong>
          <span className="ll-muted">{format.dateTime(summary.TimestampStart)}</span>
        </span>
        <span className="ll-activity-stats">
          <span>{format.duration(stats.DurationMs)}</span>
          <span>{text(format.distance(stats.Distance.Displayed))}</span>
          <span>
            {t('Activities.List.Speeds', {
              avg: text(format.speed(stats.SpeedAvgMPS)),
              max: text(format.speed(stats.SpeedMaxMPS)),
            })}
          </span>
          {typeof stats.HeartRateAvgBPM === 'number' ? (
            <span>
              {t('Activities.List.HeartRate', {
                bpm: text(format.heartRate(stats.HeartRateAvgBPM)),
              })}
            </span>
          ) : null}
        </span>
        {summary.TimestampEnd === null ? (
          <span className="ll-activity-open">{t('Activities.List.Ongoing')}</span>
        ) : null}
      </Link>
    </li>
  );
});
