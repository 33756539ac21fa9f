import { memo, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { MESSAGE_TEXT_MAX_LENGTH, messageSend } from '../../../api/calls/shareViewing';
import { latestReplyTime } from '../../../api/entities/message';
import { sanitiseNoteText } from '../../../api/validation/note';
import { selectMessageThreadOfActivity } from '../../../store/activities/messageThreadsSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  selectShareSend,
  selectShareThreadState,
  selectShareUnseenReplies,
  selectShareViewer,
  shareMessageSendRequested,
  shareThreadViewed,
} from '../../../store/shares/shareActionsSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import type { Formatter } from '../../../ui/format';
import { MessageList } from '../../../ui/messages/MessageList';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import './shareActions.css';

/** The send form: the contract's MessageText (1–160 characters of note text, app §5). */
const MessageForm = z.object({ text: messageSend.request.shape.MessageText });

/**
 * The message thread of a shared activity and a form to write to the wearer's watch (issue 8 item 3;
 * spec app §3 "Message thread", §4 "Message delivery status", §7 message-send; policy §3 "Message"):
 * - each message with its sender, time, delivery state and the wearer's replies (src/ui/messages/
 *   MessageList.tsx);
 * - a "new reply" flag while a reply is later than this app instance last viewed the thread, with a
 *   button that marks it read;
 * - the send form, offering the default answers No and Yes in the page's language (the message's);
 *   characters the watch cannot show are
 *   removed as they are typed (policy §5); what was typed stays after a failure and clears after a
 *   send. Sending needs the guardian's name ({@link GuardianName}).
 */
export const MessagePanel = memo(function MessagePanel({
  shareToken,
  activityId,
  format,
}: {
  shareToken: string;
  activityId: number;
  format: Formatter;
}) {
  const { t } = useTranslation();
  // The default answers No and Yes (policy §3), in the language the guardian writes the message in:
  // the watch shows them as they are sent.
  const replyOptions = [t('Share.Messages.ReplyNo'), t('Share.Messages.ReplyYes')];
  const dispatch = useAppDispatch();
  const fieldError = useFieldError();
  const clockOffsetMs = useServerClockOffset();
  const thread = useAppSelector((state) => selectMessageThreadOfActivity(state, activityId));
  const threadState = useAppSelector((state) => selectShareThreadState(state, shareToken));
  const unseen = useAppSelector((state) => selectShareUnseenReplies(state, shareToken));
  const send = useAppSelector((state) => selectShareSend(state, shareToken));
  const viewer = useAppSelector(selectShareViewer);
  const [removed, setRemoved] = useState(false);
  const form = useForm({ resolver: zodFormResolver(MessageForm), defaultValues: { text: '' } });
  const { reset } = form;
  const doneCount = useRef(send.doneCount);
  useEffect(() => {
    if (send.doneCount === doneCount.current) return;
    doneCount.current = send.doneCount;
    reset({ text: '' });
    setRemoved(false);
  }, [send.doneCount, reset]);

  const named = Boolean(viewer?.GuardianName);
  const messages = thread?.Messages ?? [];
  const serverIssue = send.issues.MessageText;
  return (
    <section className="ll-share-messages" aria-labelledby="share-messages-title">
      <h2 id="share-messages-title">
        {t('Share.Messages.Title')}
        {unseen ? <span className="ll-share-unseen">{t('Share.Messages.Unseen')}</span> : null}
      </h2>
      {unseen ? (
        <button
          type="button"
          className="ll-button"
          onClick={() =>
            dispatch(
              shareThreadViewed({
                ShareToken: shareToken,
                ActivityId: activityId,
                // On the server's clock, and at least the newest reply's time (a watch's clock may
                // run up to 5 minutes ahead of the server's, and its reply is dated by it).
                atMs: Math.max(
                  Date.now() + clockOffsetMs,
                  (thread ? latestReplyTime(thread) : null) ?? 0,
                ),
              }),
            )
          }
        >
          {t('Share.Messages.MarkSeen')}
        </button>
      ) : null}
      {threadState?.status === 'failed' && !thread ? (
        <FormMessage tone="error">{t('Share.Messages.LoadFailed')}</FormMessage>
      ) : null}
      {messages.length === 0 ? (
        <p className="ll-muted">{t('Share.Messages.Empty')}</p>
      ) : (
        <MessageList messages={messages} format={format} />
      )}
      {named ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit((values) => {
              dispatch(
                shareMessageSendRequested({
                  ShareToken: shareToken,
                  ActivityId: activityId,
                  MessageText: values.text,
                  ReplyOptions: replyOptions,
                }),
              );
            })(event)
          }
        >
          <TextField
            label={t('Share.Messages.Text')}
            hint={t('Share.Messages.TextHint', { max: MESSAGE_TEXT_MAX_LENGTH })}
            maxLength={MESSAGE_TEXT_MAX_LENGTH}
            {...form.register('text', {
              onChange: (event: { target: { value: string } }) => {
                const typed = event.target.value;
                const clean = sanitiseNoteText(typed);
                if (clean !== typed) {
                  form.setValue('text', clean);
                  setRemoved(true);
                }
              },
            })}
            error={
              fieldError(form.formState.errors.text) ??
              (serverIssue ? t(serverIssue, { max: MESSAGE_TEXT_MAX_LENGTH }) : undefined)
            }
          />
          {removed ? <p className="ll-muted">{t('Share.Messages.CharactersRemoved')}</p> : null}
          <p className="ll-muted">
            {t('Share.Messages.ReplyOptions', { options: replyOptions.join(', ') })}
          </p>
          {send.phase === 'failed' && send.errorKey ? (
            <FormMessage tone="error">{t(send.errorKey)}</FormMessage>
          ) : null}
          <SubmitButton busy={send.phase === 'sending'}>{t('Share.Messages.Send')}</SubmitButton>
        </form>
      ) : (
        <p className="ll-muted">{t('Share.Messages.GuardianName.Needed')}</p>
      )}
    </section>
  );
});
