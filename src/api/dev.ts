import * as z from 'zod/mini';
import { DeviceType } from './enums';

/** A channel the system sends messages on: e-mail, SMS, or a voice call (alert notifications). */
export const OutboxChannel = z.enum(['email', 'sms', 'call']);
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
  Code: z.nullable(z.string()),
  SentTimestamp: z.int().check(z.nonnegative()),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** `GET /api/dev/outbox?to=<address or phone>`: request (to is optional: all recipients). */
export const DevOutboxQuery = z.object({
  to: z.optional(z.string().check(z.maxLength(320))),
  limit: z._default(z.coerce.number<number>().check(z.int(), z.gte(1), z.lte(200)), 50),
});

/** `GET /api/dev/outbox` response: newest first. */
export const DevOutbox = z.object({ Messages: z.array(OutboxMessage) });
export type DevOutbox = z.infer<typeof DevOutbox>;

/**
 * A registry device a demo can activate (`GET /api/dev/demo`): its IMEI (15 digits), 6-digit
 * activation code, type and ingest key (the OsmAnd `id` its telemetry is posted with).
 */
export const DemoActivatableDevice = z.object({
  Imei: z.string(),
  Code: z.string(),
  DeviceType: DeviceType,
  IngestKey: z.string(),
});
export type DemoActivatableDevice = z.infer<typeof DemoActivatableDevice>;

/**
 * `GET /api/dev/demo` response (development endpoints only): the seeded demo devices not yet
 * activated, and, while the live demo runs (`npm start`, DEMO=1), the demo member's sign-in
 * (`Member`), the guardian share of the live activity (`ShareUrl`, `ShareToken`; absent until the
 * replay's first fix is stored) and the demo watch (`Device`: its IMEI and ingest key).
 */
export const DevDemo = z.object({
  ActivatableDevices: z.array(DemoActivatableDevice),
  Member: z.optional(z.object({ Email: z.string(), Password: z.string() })),
  ShareUrl: z.optional(z.string()),
  ShareToken: z.optional(z.string()),
  Device: z.optional(z.object({ Imei: z.string(), IngestKey: z.string() })),
});
export type DevDemo = z.infer<typeof DevDemo>;
