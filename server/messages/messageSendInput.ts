import * as z from 'zod/mini';
import { messageSend } from '../../src/api/calls/shareViewing';
import { zodIssues, type IngestIssue, type Parsed } from '../telemetry/ingestValidation';

/**
 * The fields of a message to the wearer the server checks, with the contract's own rules
 * (src/api/calls/shareViewing.ts messageSend; policy §3 "Message"): `MessageText` required, at most
 * 160 characters of note text; `ReplyOptions` 1–4 options of 1–20 characters, default No and Yes;
 * `SenderName` a person's name; `ShareViewerId` optional.
 */
const MessageSendFields = z.pick(messageSend.request, {
  MessageText: true,
  ReplyOptions: true,
  SenderName: true,
  ShareViewerId: true,
});

/** The checked fields of a message to the wearer (see {@link parseMessageSendFields}). */
export type MessageSendFields = z.output<typeof MessageSendFields>;

/** One failed field, in the spec's error shape (`{ Path: 'body.MessageText', Message }`). */
export type MessageIssue = IngestIssue;

/**
 * Checks a message's fields as message-send does (the same zod schema): the parsed fields (reply
 * options defaulted to No, Yes) or every issue, each `Path` as `body.<Field>` so a route can answer
 * 400 REQUEST_INVALID with them unchanged.
 */
export function parseMessageSendFields(fields: {
  readonly MessageText: string;
  readonly ReplyOptions?: readonly string[] | undefined;
  readonly SenderName: string;
  readonly ShareViewerId?: string | null | undefined;
}): Parsed<MessageSendFields> {
  const parsed = MessageSendFields.safeParse({
    MessageText: fields.MessageText,
    ReplyOptions: fields.ReplyOptions,
    SenderName: fields.SenderName,
    ShareViewerId: fields.ShareViewerId ?? undefined,
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: zodIssues(parsed.error, 'body') satisfies MessageIssue[] };
}
