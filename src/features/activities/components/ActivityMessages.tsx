import { useTranslation } from 'react-i18next';
import type { Message } from '../../../api/entities/message';
import type { Formatter } from '../../../ui/format';
import { MessageList } from '../../../ui/messages/MessageList';

/**
 * The Messages tab of the member's activity detail (docs/activities.md "Messages"; app §3 "Message
 * thread"): what guardians wrote to the wearer's watch during the activity, with each message's
 * delivery state and the wearer's replies. Read-only: the member is the wearer, and messages are
 * written from a share link.
 */
export function ActivityMessages({
  messages,
  format,
}: {
  messages: readonly Message[];
  format: Formatter;
}) {
  const { t } = useTranslation();
  return (
    <div className="ll-activity-messages">
      <p className="ll-muted">{t('Activities.Messages.Intro')}</p>
      <MessageList messages={messages} format={format} />
    </div>
  );
}
