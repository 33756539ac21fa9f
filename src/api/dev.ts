import { z } from 'zod';

/** A channel the system sends messages on. */
export const OutboxChannel = z.enum(['email', 'sms']);
export type OutboxChannel = z.infer<typeof OutboxChannel>;

/**
 * One message of the development outbox (`GET /api/dev/outbox?to=…`, embedded mode only): the address
 * or phone it went to, the channel, subject and text, the one-time code it carries (if any) and when it
 * was sent (epoch ms).
 */
export const OutboxMessage = z.object({
  To: z.string(),
  Channel: OutboxChannel,
  Subject: z.string(),
  Body: z.string(),
  Code: z.string().nullable(),
  SentTimestamp: z.int().nonnegative(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** `GET /api/dev/outbox?to=<address or phone>`: request (to is optional: all recipients). */
export const DevOutboxQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number<number>().int().min(1).max(200).default(50),
});

/** `GET /api/dev/outbox` response: newest first. */
export const DevOutbox = z.object({ Messages: z.array(OutboxMessage) });
export type DevOutbox = z.infer<typeof DevOutbox>;
