import type { Client, ClientSummary } from '../../src/api/entities/client';
import type { CountryCode, DocumentType, LanguageCode } from '../../src/api/enums';
import type { Db } from '../db/database';

/**
 * Reads a client with its brand, units and documents (spec §3 Client), or null when there is none.
 * Locations (indoor rooms) are not stored yet and come back empty.
 */
export async function findClient(db: Db, clientId: number): Promise<Client | null> {
  const row = await db
    .selectFrom('clients')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  const documents = await db
    .selectFrom('client_documents')
    .select(['type', 'filename', 'locale', 'last_update_ms', 'effective_ms'])
    .where('client_id', '=', clientId)
    .orderBy('type')
    .orderBy('locale')
    .execute();
  return {
    ClientID: row.client_id,
    ClientName: row.client_name,
    MemberSignUpEnabled: row.member_sign_up_enabled,
    CountryCode: row.country_code as CountryCode,
    Brand: {
      BrandID: row.brand_id,
      BrandCode: row.brand_code,
      BrandColorDark: row.brand_color_dark,
      BrandColorLight: row.brand_color_light,
    },
    SupportEmail: row.support_email,
    SupportUrl: row.support_url,
    Units: row.units,
    Documents: documents.map((d) => ({
      Type: d.type as DocumentType,
      Filename: d.filename,
      Locale: d.locale as LanguageCode,
      LastUpdateTimestamp: d.last_update_ms,
      EffectiveDateTimestamp: d.effective_ms,
    })),
    Locations: [],
  };
}

/** Every client, as listed publicly for sign-up (`member-integration-clients`). */
export async function listClients(db: Db): Promise<ClientSummary[]> {
  const rows = await db
    .selectFrom('clients')
    .select(['client_id', 'client_name', 'member_sign_up_enabled', 'country_code'])
    .orderBy('client_id')
    .execute();
  return rows.map((r) => ({
    ClientID: r.client_id,
    ClientName: r.client_name,
    MemberSignUpEnabled: r.member_sign_up_enabled,
    CountryCode: r.country_code as CountryCode,
  }));
}
