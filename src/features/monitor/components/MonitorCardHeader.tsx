import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityStatus } from '../../../api/enums';

/** Props of {@link MonitorCardHeader}. */
export interface MonitorCardHeaderProps {
  readonly ShareToken: string;
  /** The wearer's name, or the loading text while unknown. */
  readonly name: string;
  readonly activityStatus: ActivityStatus | null;
  /** The operator opens the full share view. */
  readonly onOpen: (token: string) => void;
}

/**
 * A monitor card's heading: the wearer's name linking to the full share view, and the activity's
 * status. Memoized with plain props: a card renders on every fix and every second of its data age,
 * its heading only when the name or status changes (docs/monitor.md "Cost per frame").
 */
export const MonitorCardHeader = memo(function MonitorCardHeader({
  ShareToken,
  name,
  activityStatus,
  onOpen,
}: MonitorCardHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="ll-monitor-card-header">
      <h2>
        <Link
          to={`/share/activity/${ShareToken}`}
          aria-label={t('Monitor.Open', { name })}
          onClick={() => {
            onOpen(ShareToken);
          }}
        >
          {name}
        </Link>
      </h2>
      {activityStatus ? (
        <span className="ll-monitor-status">{t(`Activities.Status.${activityStatus}`)}</span>
      ) : null}
    </header>
  );
});
