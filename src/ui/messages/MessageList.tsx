import { useTranslation } from 'react-i18next';
import { messageState, type Message } from '../../api/entities/message';
import type { Formatter } from '../format';
import './messageList.css';

/**
 * The messages of one activity's thread (spec app §3 "Message thread", §4 "Message delivery status"),
 * in the order given (the server's: by SentTimestamp): each with its text, sender and time, its
 * delivery state as words (OUTBOX, DELIVERED, SEEN) and the wearer's replies with their times.
 * Read-only: the share view puts its send form beside it, the member's detail page shows it alone.
 */
export function MessageList({
  messages,
  format,
}: {
  messages: readonly Message[];
  format: Formatter;
}) {
  const { t } = useTranslation();
  return (
    <ol className="ll-message-list">
      {messages.map((message) => {
        const state = messageState(message);
        const replies = message.WearerMessageState.Replies;
        return (
          <li key={message.MessageID} className="ll-message">
            <p className="ll-message-text">{message.MessageText}</p>
            <p className="ll-muted">
              {t('Messages.SentBy', {
                name: message.SenderName,
                time: format.dateTime(message.SentTimestamp),
              })}
            </p>
            <p className={`ll-message-state ll-message-state-${state.toLowerCase()}`}>
              {t(`Messages.State.${state}`)}
            </p>
            {replies.length > 0 ? (
              <ul className="ll-message-replies">
                {replies.map((reply, index) => (
                  <li key={`${String(reply.ReceivedTime)}-${String(index)}`}>
                    {t('Messages.Reply', {
                      time: format.dateTime(reply.ReceivedTime),
                      text: reply.ReplyText,
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
