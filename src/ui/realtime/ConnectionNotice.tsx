import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The live connection's state as the screens show it (spec app §4 "Socket connection"). */
export type LiveConnection = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/**
 * Says when this screen's live updates are not coming in because of the viewer's own connection
 * (spec app §4 "Socket connection": connected, disconnected, reconnecting), so a guardian or an
 * operator does not take an old position for the wearer's silence, nor the other way round:
 * "reconnecting" (with the attempt, from the second on) and "disconnected". Nothing while connected,
 * connecting for the first time, or before any socket. A polite status: read once, not an alarm.
 *
 * @param connection the store's `realtime.connection`
 * @param attempt the reconnection attempt (1 …), null when not reconnecting
 */
export const ConnectionNotice = memo(function ConnectionNotice({
  connection,
  attempt,
}: {
  connection: LiveConnection;
  attempt: number | null;
}) {
  const { t } = useTranslation();
  if (connection !== 'reconnecting' && connection !== 'disconnected') return null;
  const text =
    connection === 'disconnected'
      ? t('Common.Connection.Disconnected')
      : attempt !== null && attempt > 1
        ? t('Common.Connection.ReconnectingAttempt', { attempt })
        : t('Common.Connection.Reconnecting');
  return (
    <p className={`ll-connection ll-connection-${connection}`} role="status">
      {text}
    </p>
  );
});
