import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  DeviceMessageAck,
  DeviceMessageReplyRequest,
  DeviceMessagesRequest,
  DeviceMessagesResponse,
  DeviceMessageStateRequest,
} from '../../src/api/deviceMessages';
import { ingestTimeProblem } from '../../src/api/ingest';
import type { Db } from '../db/database';
import { invalidDeviceRequest, unknownIngestKey } from '../telemetry/deviceAnswers';
import { sendApiError } from '../http/errorHandler';
import { DEVICE_ROUTE } from '../http/security';
import { zodIssues, type Parsed } from '../telemetry/ingestValidation';
import {
  markDeviceMessageState,
  pendingDeviceMessages,
  replyFromDevice,
} from './deviceMessageRepository';
import type { MessagePublication } from './messageChanges';

/** Options of {@link deviceMessageRoutes}. */
export interface DeviceMessageRoutesOptions {
  readonly db: Db;
  /** Server clock, epoch ms (tests inject a fixed one); default `Date.now`. */
  readonly clock?: () => number;
}

function unknownMessage(reply: FastifyReply, messageId: number): FastifyReply {
  return sendApiError(reply, 404, 'NOT_FOUND', `No message ${messageId} for this device`);
}

/**
 * `body` parsed with `schema`, and its device `Time` (epoch ms) checked at server time `nowMs` as the
 * ingest checks its times (2000-01-01 … now + 5 min, src/api/ingest.ts ingestTimeProblem); issue paths
 * are `body.<Field>`.
 */
function parseTimed<S extends z.core.$ZodType<{ Time: number }>>(
  schema: S,
  body: unknown,
  nowMs: number,
): Parsed<z.output<S>> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error, 'body') };
  const problem = ingestTimeProblem(parsed.data.Time, nowMs);
  if (problem) return { ok: false, issues: [{ Path: 'body.Time', Message: problem }] };
  return { ok: true, value: parsed.data };
}

/**
 * The device side of messages to the wearer (issue 5 item 4; src/api/deviceMessages.ts; app §3
 * "Message thread", §4 "Message delivery status"), every call keyed by the device's secret `IngestKey`:
 * - `POST /ingest/messages` → 200 {@link DeviceMessagesResponse}: the device's messages not yet seen,
 *   oldest first (deviceMessageRepository.ts says which messages are a device's);
 * - `POST /ingest/messages/state` → 200 {@link DeviceMessageAck} once DELIVERED or SEEN is committed
 *   (idempotent; a time before the message was sent is clamped to it);
 * - `POST /ingest/messages/reply` → 200 {@link DeviceMessageAck} once the reply is committed (stored
 *   once per message, time and text; marks the message seen).
 * Failures, with nothing written: 400 REQUEST_INVALID with every issue (a bad field, a `Time` before
 * 2000-01-01 or over 5 minutes ahead, a `ReplyText` that is not one of the message's reply options);
 * 401 AUTH for an unknown or revoked key (the ingest's answer); 404 NOT_FOUND for a message that is not
 * this device's. Once a change has committed, the member's sockets get EntityChanges (MessageThread and
 * MessageWearer, 'updated') through `app.realtime` when the realtime plugin is registered; a repeated
 * report publishes nothing, and a publishing failure is logged and changes nothing of the answer.
 */
export const deviceMessageRoutes: FastifyPluginCallback<DeviceMessageRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db } = options;
  const clock = options.clock ?? Date.now;

  const publish = (publication: MessagePublication | null, reply: FastifyReply) => {
    if (!publication || !app.hasDecorator('realtime')) return;
    try {
      app.realtime.publishEntityChanges(publication.memberId, publication.changes);
    } catch (error) {
      reply.log.error(
        { err: error, memberId: publication.memberId },
        'device messages: publishing to sockets failed',
      );
    }
  };

  app.post(
    '/ingest/messages',
    { ...DEVICE_ROUTE, schema: { response: { 200: DeviceMessagesResponse } } },
    async (request, reply) => {
      const parsed = DeviceMessagesRequest.safeParse(request.body);
      if (!parsed.success) return invalidDeviceRequest(reply, zodIssues(parsed.error, 'body'));
      const outcome = await pendingDeviceMessages(db, parsed.data.IngestKey);
      if (outcome.kind === 'unknown-key') return unknownIngestKey(reply);
      return reply.code(200).send({ Messages: outcome.messages });
    },
  );

  app.post(
    '/ingest/messages/state',
    { ...DEVICE_ROUTE, schema: { response: { 200: DeviceMessageAck } } },
    async (request, reply) => {
      const nowMs = clock();
      const parsed = parseTimed(DeviceMessageStateRequest, request.body, nowMs);
      if (!parsed.ok) return invalidDeviceRequest(reply, parsed.issues);
      const { IngestKey, MessageID, State, Time } = parsed.value;
      const outcome = await markDeviceMessageState(db, {
        ingestKey: IngestKey,
        messageId: MessageID,
        state: State,
        timeMs: Time,
        nowMs,
      });
      if (outcome.kind === 'unknown-key') return unknownIngestKey(reply);
      if (outcome.kind === 'not-found') return unknownMessage(reply, MessageID);
      publish(outcome.publication, reply);
      return reply.code(200).send({ Success: true });
    },
  );

  app.post(
    '/ingest/messages/reply',
    { ...DEVICE_ROUTE, schema: { response: { 200: DeviceMessageAck } } },
    async (request, reply) => {
      const nowMs = clock();
      const parsed = parseTimed(DeviceMessageReplyRequest, request.body, nowMs);
      if (!parsed.ok) return invalidDeviceRequest(reply, parsed.issues);
      const { IngestKey, MessageID, ReplyText, Time } = parsed.value;
      const outcome = await replyFromDevice(db, {
        ingestKey: IngestKey,
        messageId: MessageID,
        replyText: ReplyText,
        timeMs: Time,
        nowMs,
      });
      if (outcome.kind === 'unknown-key') return unknownIngestKey(reply);
      if (outcome.kind === 'not-found') return unknownMessage(reply, MessageID);
      if (outcome.kind === 'not-an-option') {
        const options = outcome.replyOptions.map((option) => `'${option}'`).join(', ');
        return invalidDeviceRequest(reply, [
          {
            Path: 'body.ReplyText',
            Message: `ReplyText must be one of the message's reply options: ${options}`,
          },
        ]);
      }
      publish(outcome.publication, reply);
      return reply.code(200).send({ Success: true });
    },
  );

  done();
};
