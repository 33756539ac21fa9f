import { DeviceMessagesResponse, type DeviceMessage } from '../../src/api/deviceMessages';
import {
  answerMessage,
  exchange,
  exchangeWithRetry,
  isStopped,
  SimulationStopped,
  type DeviceLink,
} from './deviceHttp';
import { serverBase } from './osmandUrl';
import type { ReplyChoice, SimulationEvent, SimulationStats } from './simulationTypes';

/** How long after reporting a message DELIVERED the wearer reads it (SEEN), ms. */
export const MESSAGE_SEEN_AFTER_MS = 3_000;
/** How long after reading a message the wearer answers it, ms. */
export const MESSAGE_REPLY_AFTER_MS = 2_000;

/** What {@link respondToMessages} talks through and reports to. */
export interface MessageResponderContext {
  readonly link: DeviceLink;
  readonly server: string;
  readonly ingestKey: string;
  /** Time between the end of one poll and the next, ms. */
  readonly pollMs: number;
  readonly reply: ReplyChoice;
  /** 0 ≤ x < 1, for `reply: 'random'`. */
  readonly random: () => number;
  readonly stats: SimulationStats;
  readonly emit: (event: SimulationEvent) => void;
}

/**
 * The reply option `choice` picks from `options` (`random` with `random()`, 0 ≤ x < 1), or null for
 * `none` or a message without options.
 */
export function chooseReply(
  options: readonly string[],
  choice: ReplyChoice,
  random: () => number,
): string | null {
  if (options.length === 0 || choice === 'none') return null;
  if (choice === 'first') return options[0] ?? null;
  if (choice === 'last') return options[options.length - 1] ?? null;
  const index = Math.min(options.length - 1, Math.floor(random() * options.length));
  return options[index] ?? null;
}

function postJson(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/**
 * The watch's side of messages to the wearer (issue 5 item 6; src/api/deviceMessages.ts): polls
 * `POST ${server}/ingest/messages` at once and then `pollMs` after each poll ends; for each message not
 * handled yet, oldest first, reports it DELIVERED (unless the server already has its delivery time),
 * SEEN {@link MESSAGE_SEEN_AFTER_MS} later, and {@link MESSAGE_REPLY_AFTER_MS} after that answers with
 * the option `reply` picks (none for `none` or a message without options). Each report carries the
 * device time it happened at and is retried with backoff on network failures, 5xx and 429 (same body,
 * so the server stores it once); a 4xx is reported as a `message-problem` and that step given up. A
 * 404 on the poll (a server without messages) is told once as `messages-unavailable`; other poll
 * failures are reported and the next poll tries again. Resolves when the link's signal aborts.
 */
export async function respondToMessages(context: MessageResponderContext): Promise<void> {
  const { link } = context;
  const handled = new Set<number>();
  let unavailableTold = false;
  while (!isStopped(link)) {
    const messages = await poll(context, () => {
      if (!unavailableTold) context.emit({ type: 'messages-unavailable' });
      unavailableTold = true;
    });
    for (const message of messages) {
      if (handled.has(message.MessageID)) continue;
      await handleMessage(context, message);
      if (isStopped(link)) return;
      handled.add(message.MessageID);
    }
    await link.clock.sleep(context.pollMs, link.signal);
  }
}

/** One poll: the messages listed, or none after a failure (reported) or a 404 (`onMissing`). */
async function poll(
  context: MessageResponderContext,
  onMissing: () => void,
): Promise<DeviceMessage[]> {
  const problem = (message: string) => {
    context.emit({ type: 'message-problem', messageId: null, message });
    return [];
  };
  const url = `${serverBase(context.server)}/ingest/messages`;
  let answer;
  try {
    answer = await exchange(context.link, url, postJson({ IngestKey: context.ingestKey }));
  } catch (error) {
    if (error instanceof SimulationStopped) return [];
    return problem(
      `polling for messages failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (answer.status === 404) {
    onMissing();
    return [];
  }
  if (answer.status < 200 || answer.status >= 300) {
    return problem(`polling for messages failed: HTTP ${answer.status}: ${answerMessage(answer)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return problem('polling for messages: the answer is not JSON');
  }
  const parsed = DeviceMessagesResponse.safeParse(json);
  if (!parsed.success)
    return problem(`polling for messages: unexpected answer (${parsed.error.message})`);
  return parsed.data.Messages;
}

/**
 * Sends one report of message `messageId` (`path` under /ingest/messages, `body` with the key added),
 * retried until answered; true once the server accepted it (2xx), false when it refused it (reported)
 * or the simulation stopped.
 */
async function report(
  context: MessageResponderContext,
  messageId: number,
  path: 'state' | 'reply',
  body: Record<string, unknown>,
): Promise<boolean> {
  const url = `${serverBase(context.server)}/ingest/messages/${path}`;
  const init = postJson({ IngestKey: context.ingestKey, MessageID: messageId, ...body });
  const answer = await exchangeWithRetry(context.link, url, init, (attempt, delayMs, reason) => {
    context.stats.retries += 1;
    context.emit({ type: 'retrying', attempt, delayMs, reason });
  });
  if (answer === null) return false;
  if (answer.status >= 200 && answer.status < 300) return true;
  const what = path === 'reply' ? 'reply' : String(body.State);
  context.emit({
    type: 'message-problem',
    messageId,
    message: `${what} refused: HTTP ${answer.status}: ${answerMessage(answer)}`,
  });
  return false;
}

/** Delivers, reads and answers one message as the wearer would (see {@link respondToMessages}). */
async function handleMessage(
  context: MessageResponderContext,
  message: DeviceMessage,
): Promise<void> {
  const { link, stats, emit } = context;
  const id = message.MessageID;
  if (message.DeliveredTime === null) {
    const delivered = await report(context, id, 'state', {
      State: 'DELIVERED',
      Time: link.clock.now(),
    });
    if (!delivered) return;
    stats.messagesDelivered += 1;
    emit({
      type: 'message-delivered',
      messageId: id,
      senderName: message.SenderName,
      text: message.MessageText,
    });
  }
  await link.clock.sleep(MESSAGE_SEEN_AFTER_MS, link.signal);
  if (isStopped(link)) return;
  if (!(await report(context, id, 'state', { State: 'SEEN', Time: link.clock.now() }))) return;
  stats.messagesSeen += 1;
  emit({ type: 'message-seen', messageId: id });
  const replyText = chooseReply(message.ReplyOptions, context.reply, context.random);
  if (replyText === null) return;
  await link.clock.sleep(MESSAGE_REPLY_AFTER_MS, link.signal);
  if (isStopped(link)) return;
  if (!(await report(context, id, 'reply', { ReplyText: replyText, Time: link.clock.now() })))
    return;
  stats.messagesReplied += 1;
  emit({ type: 'message-replied', messageId: id, replyText });
}
