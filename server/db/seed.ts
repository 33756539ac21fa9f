import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from './database';
import { DEFAULT_BRAND_COLOR, DEFAULT_UNITS } from '../../src/api/entities/client';
import { seedDeviceRegistry } from '../devices/registrySeed';

/** The default client's id (spec §3 Client). */
export const DEFAULT_CLIENT_ID = 1;
/** The default domain's id (spec §3 Domain). */
export const DEFAULT_DOMAIN_ID = 'local';
/** Effective time of the seeded EULA and privacy policy, epoch ms (2026-11-01T00:00:00Z). */
export const SEED_TERMS_EFFECTIVE_MS = Date.UTC(2026, 10, 1);

/**
 * Documents shipped with the default client. The text is bundled next to the server as Markdown;
 * `readDocument` resolves it relative to this module both from source (tsx) and from dist/server.
 */
const DOCUMENTS = [
  { type: 'Eula', locale: 'en', filename: 'eula-en.md', source: 'eula-en.md' },
  { type: 'PrivacyPolicy', locale: 'en', filename: 'privacy-en.md', source: 'privacy-en.md' },
] as const;

async function readDocument(source: string): Promise<string> {
  const candidates = [
    new URL(`./documents/${source}`, import.meta.url),
    new URL(`../../server/db/documents/${source}`, import.meta.url),
  ];
  for (const url of candidates) {
    try {
      return await readFile(url, 'utf8');
    } catch {
      // try the next location
    }
  }
  throw new Error(`Seed document ${source} not found`);
}

/**
 * Inserts the default client (brand colour #FF7900, the spec's default units, EULA and privacy policy)
 * and the default domain, whose URL follows `domainUrl` on every start, and the demo devices of the
 * registry (server/devices/registrySeed.ts). Idempotent: existing rows keep their values except the
 * domain URL.
 */
export async function seedDefaults(db: Db, options: { domainUrl: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('clients')
      .values({
        client_id: DEFAULT_CLIENT_ID,
        client_name: 'Lifeline',
        member_sign_up_enabled: true,
        country_code: 'NO',
        brand_code: 'LIFELINE',
        brand_id: 1,
        brand_color_dark: DEFAULT_BRAND_COLOR,
        brand_color_light: DEFAULT_BRAND_COLOR,
        support_email: 'support@lifeline.example',
        support_url: 'https://lifeline.example/{{locale}}/support',
        units: JSON.stringify(DEFAULT_UNITS),
        is_default: true,
      })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    // The default client takes id 1 explicitly; move the identity past it for clients added later.
    await sql`select setval(pg_get_serial_sequence('clients', 'client_id'), (select max(client_id) from clients))`.execute(
      trx,
    );
    for (const doc of DOCUMENTS) {
      const content = await readDocument(doc.source);
      await trx
        .insertInto('client_documents')
        .values({
          client_id: DEFAULT_CLIENT_ID,
          type: doc.type,
          locale: doc.locale,
          filename: doc.filename,
          content_type: 'text/markdown; charset=utf-8',
          content,
          last_update_ms: SEED_TERMS_EFFECTIVE_MS,
          effective_ms: SEED_TERMS_EFFECTIVE_MS,
        })
        .onConflict((oc) => oc.columns(['client_id', 'type', 'locale']).doNothing())
        .execute();
    }
    await trx
      .insertInto('domains')
      .values({
        domain_id: DEFAULT_DOMAIN_ID,
        country_code: 'NO',
        description: 'Lifeline',
        domain_url: options.domainUrl,
        is_default: true,
      })
      .onConflict((oc) => oc.column('domain_id').doUpdateSet({ domain_url: options.domainUrl }))
      .execute();
    await seedDeviceRegistry(trx);
  });
}
