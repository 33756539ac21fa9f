import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  inactivityWarningDismissed,
  selectInactivityWarningSeconds,
} from '../../store/session/inactivitySlice';
import { ActionBanner } from '../../ui/feedback/ActionBanner';

/**
 * The automatic-logout warning (policy §8 "Auto-logout warning with a countdown in seconds";
 * application-behaviour §9: shown when under 60 s remain, checked every 5 s). Counts down the whole
 * seconds left and offers "Stay logged in", which dispatches `inactivityWarningDismissed` (recorded
 * as activity by the inactivity epics). Renders nothing while no warning is due; the shell renders it
 * once, on every page.
 */
export function InactivityWarning() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const seconds = useAppSelector(selectInactivityWarningSeconds);
  if (seconds === null) return null;
  return (
    <ActionBanner
      message={t('Session.InactivityWarning', { seconds })}
      actionLabel={t('Session.StayLoggedIn')}
      onAction={() => dispatch(inactivityWarningDismissed())}
    />
  );
}
