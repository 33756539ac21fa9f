import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link MonitorHeader}. */
export interface MonitorHeaderProps {
  readonly muted: boolean;
  readonly onToggleMute: () => void;
}

/**
 * The monitor's heading, what it is for, and the alert sound's mute toggle. Memoized: the page
 * renders on every frame of live telemetry, its heading only when the sound is toggled.
 */
export const MonitorHeader = memo(function MonitorHeader({
  muted,
  onToggleMute,
}: MonitorHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="ll-monitor-header">
      <h1>{t('Monitor.Heading')}</h1>
      <p className="ll-muted">{t('Monitor.Intro')}</p>
      <button type="button" className="ll-button" aria-pressed={muted} onClick={onToggleMute}>
        {muted ? t('Monitor.Unmute') : t('Monitor.Mute')}
      </button>
    </header>
  );
});
