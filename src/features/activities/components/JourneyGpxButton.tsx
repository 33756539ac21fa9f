import { useTranslation } from 'react-i18next';
import type { ActivitySummary } from '../../../api/entities/activity';
import { useAppStore } from '../../../store/hooks';
import { selectTrackColumns } from '../../../store/locationHistory/locationHistorySelectors';
import type { Formatter } from '../../../ui/format';
import { columnPoints, downloadGpx, toGpx } from '../export/gpx';

/** Props of {@link JourneyGpxButton}. */
export interface JourneyGpxButtonProps {
  /** The shown activities (the day's, or the whole journey's), in time order. */
  readonly activities: readonly ActivitySummary[];
  /** File name part: the journey's first and last day, e.g. `2026-11-02_2026-11-04`. */
  readonly span: string;
  readonly format: Formatter;
}

/**
 * Export GPX of a journey (issue 7 item 5): one `<trk>` per shown activity with its track as the store
 * holds it when clicked (live points included; an activity whose track is not loaded yet gives an
 * empty track), named by type and start time like the activity's own export.
 */
export function JourneyGpxButton({ activities, span, format }: JourneyGpxButtonProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  return (
    <button
      type="button"
      className="ll-button"
      disabled={activities.length === 0}
      onClick={() => {
        const state = store.getState();
        const tracks = activities.map((activity) => ({
          name: `${t(`Activities.Type.${activity.ActivityType}`)} ${format.dateTime(activity.TimestampStart)}`,
          type: activity.ActivityType,
          points: columnPoints(selectTrackColumns(state, activity.ActivityId)),
        }));
        downloadGpx(`lifeline-journey-${span}.gpx`, toGpx(tracks));
      }}
    >
      {t('Journey.ExportGpx')}
    </button>
  );
}
