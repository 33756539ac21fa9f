import { useTranslation } from 'react-i18next';
import type { MonitorCard } from '../../../store/monitor/monitorCards';

/** Props of {@link NewAlertBanner}. */
export interface NewAlertBannerProps {
  /** The card of the newest cued alert, null when no cue is pending. */
  readonly card: MonitorCard | null;
  readonly onDismiss: (token: string) => void;
}

/**
 * The visible cue of a new alert on a watched share (issue 8 item 6; docs/monitor.md "Cues"): a banner
 * naming the alert type and the wearer, announced to screen readers as an alert, until dismissed or
 * the card is opened. Nothing without a pending cue.
 */
export function NewAlertBanner({ card, onDismiss }: NewAlertBannerProps) {
  const { t } = useTranslation();
  if (!card) return null;
  return (
    <section className="ll-monitor-banner" role="alert">
      <strong>
        {t('Monitor.NewAlert', {
          type: card.alert ? t(`Alerts.Type.${card.alert.AlertType}`) : '',
          name: card.wearerName ?? t('Monitor.UnknownWearer'),
        })}
      </strong>
      <button
        type="button"
        className="ll-button"
        onClick={() => {
          onDismiss(card.ShareToken);
        }}
      >
        {t('Monitor.Dismiss')}
      </button>
    </section>
  );
}
