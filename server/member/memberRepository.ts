import type { Member } from '../../src/api/entities/member';
import type { ActivityType, LanguageCode, Sex } from '../../src/api/enums';
import type { Db } from '../db/database';
import type { IdTokenClaims } from '../identity/verifyIdToken';

/** The member row joined with its domain, as the API shows it. */
export interface MemberRecord {
  readonly member: Member;
  readonly wearerId: number;
  readonly identitySub: string;
}

const SEXES: Record<string, Sex> = { female: 'Female', male: 'Male' };

function toMember(row: {
  member_id: number;
  domain_id: string;
  domain_url: string;
  client_id: number;
  terms_accepted_ms: number | null;
  spam_me_ms: number | null;
  date_of_birth: string | null;
  email: string;
  name_first: string;
  name_last: string;
  phone_number: string | null;
  sex: string | null;
  language_code: string;
  activity_types: string[];
  marketing_opt_in_ms: number | null;
  strava_access_token: string | null;
}): Member {
  return {
    MemberId: row.member_id,
    DomainId: row.domain_id,
    DomainUrl: row.domain_url,
    ClientId: row.client_id,
    TermsAcceptedTimestamp: row.terms_accepted_ms,
    SpamMeTimestamp: row.spam_me_ms,
    DateOfBirth: row.date_of_birth,
    Email: row.email,
    NameFirst: row.name_first,
    NameLast: row.name_last,
    PhoneNumber: row.phone_number,
    Sex: (row.sex as Sex | null) ?? 'Unspecified',
    LanguageCode: row.language_code as LanguageCode,
    ActivityTypes: row.activity_types as ActivityType[],
    StravaDetails:
      row.strava_access_token === null ? null : { Access_Token: row.strava_access_token },
    MarketingOptInTimestamp: row.marketing_opt_in_ms,
  };
}

/** The live (not deleted) member of an identity `sub`, or null. */
export async function findMemberBySub(db: Db, sub: string): Promise<MemberRecord | null> {
  const row = await db
    .selectFrom('members')
    .innerJoin('domains', 'domains.domain_id', 'members.domain_id')
    .selectAll('members')
    .select('domains.domain_url')
    .where('members.identity_sub', '=', sub)
    .where('members.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { member: toMember(row), wearerId: row.wearer_id, identitySub: row.identity_sub }
    : null;
}

/**
 * The member of a verified identity, created on the first member-token login and kept in step with the
 * identity's attributes (e-mail, phone, names, birth date `YYYY-MM-DD` saved as `YYYY/MM/DD`, sex)
 * that the identity holds on every later one (spec §4 "A member-token login follows sign-in and any
 * user change"). The UI language `languageCode` becomes a new member's LanguageCode and leaves an
 * existing member's alone (docs/decisions.md "The member's language"). New members join the default
 * client and domain. Returns the up-to-date record.
 */
export async function upsertMemberFromIdentity(
  db: Db,
  claims: IdTokenClaims,
  languageCode: LanguageCode,
): Promise<MemberRecord> {
  // An attribute the identity does not hold keeps the member's value (a new member starts empty):
  // the personal-details page writes both, and older identities may lack some attributes.
  const present = {
    email: claims.email,
    ...(claims.given_name === undefined ? {} : { name_first: claims.given_name }),
    ...(claims.family_name === undefined ? {} : { name_last: claims.family_name }),
    ...(claims.phone_number === undefined ? {} : { phone_number: claims.phone_number }),
    ...(claims.birthdate === undefined
      ? {}
      : { date_of_birth: claims.birthdate.replaceAll('-', '/') }),
    ...(claims.gender === undefined
      ? {}
      : { sex: SEXES[claims.gender.toLowerCase()] ?? 'Unspecified' }),
    ...(claims['custom:country'] === undefined ? {} : { country_code: claims['custom:country'] }),
    ...(claims['custom:sub_region'] === undefined
      ? {}
      : { sub_region: claims['custom:sub_region'] }),
  };
  // The UI language at the first login is a new member's language for messages and e-mails; after
  // that it is the member's own choice (personal details), which a login in another UI language
  // must not overwrite.
  const identity = { name_first: '', name_last: '', ...present, language_code: languageCode };
  await db.transaction().execute(async (trx) => {
    const defaults = await trx
      .selectNoFrom((eb) => [
        eb.selectFrom('clients').select('client_id').where('is_default', '=', true).as('client_id'),
        eb.selectFrom('domains').select('domain_id').where('is_default', '=', true).as('domain_id'),
      ])
      .executeTakeFirstOrThrow();
    if (defaults.client_id === null || defaults.domain_id === null) {
      throw new Error('No default client or domain is seeded');
    }
    await trx
      .insertInto('members')
      .values({
        identity_sub: claims.sub,
        client_id: defaults.client_id,
        domain_id: defaults.domain_id,
        ...identity,
      })
      .onConflict((oc) =>
        oc.column('identity_sub').doUpdateSet({ ...present, updated_at: new Date() }),
      )
      .execute();
  });
  const record = await findMemberBySub(db, claims.sub);
  if (!record) throw new Error('The member was deleted');
  return record;
}
