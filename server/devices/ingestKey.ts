import { randomBytes } from 'node:crypto';

/** Random bytes of an ingest key: 24 bytes = 192 bits, 32 base64url characters. */
export const INGEST_KEY_BYTES = 24;

/**
 * A new device ingest key: the secret a tracker sends as the OsmAnd `id` parameter to post telemetry
 * (ARCHITECTURE.md §5 "Telemetry ingest"). 192 random bits from the OS CSPRNG, base64url (URL-safe,
 * no padding), so it can stand in a query string and a phone tracker app's device identifier field.
 */
export function newIngestKey(): string {
  return randomBytes(INGEST_KEY_BYTES).toString('base64url');
}
