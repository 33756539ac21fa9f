import { sql, type Selectable, type Updateable } from 'kysely';
import { z } from 'zod';
import {
  CommunicationOptions,
  DEFAULT_COMMUNICATION_OPTIONS,
} from '../../src/api/entities/communication';
import type { Wearer } from '../../src/api/entities/member';
import { ActivityType, CountryCode, LanguageCode, Sex } from '../../src/api/enums';
import type { Db } from '../db/database';
import type { MembersTable } from '../db/schema';

/** The member is gone (deleted since its token was issued). */
export class WearerNotFoundError extends Error {
  override readonly name = 'WearerNotFoundError';
  constructor(readonly memberId: number) {
    super(`No wearer for member ${memberId}`);
  }
}

/**
 * `member-wearer-update` carried an `EmailAddress` other than the member's current e-mail: e-mail
 * changes go through change-email steps 1 and 2 (spec §4 "Email change", §7), never through this call.
 */
export class EmailMismatchError extends Error {
  override readonly name = 'EmailMismatchError';
  constructor() {
    super('EmailAddress is not the member’s e-mail; change it with change-email');
  }
}

/**
 * The personal details of `member-wearer-update` (spec §7), already validated by the contract (app §5:
 * names, a `YYYY/MM/DD` date of birth at least 16 years ago, the phone normalised to `+` and digits).
 * Timestamps are epoch ms, null when never given.
 */
export interface WearerDetails {
  readonly DateOfBirth: string;
  readonly EmailAddress: string;
  readonly LanguageCode: LanguageCode;
  readonly MarketingOptInTimestamp: number | null;
  readonly NameFirst: string;
  readonly NameLast: string;
  readonly PhoneNumber: string;
  readonly Sex: Sex;
  readonly TermsAcceptedTimestamp: number | null;
}

/**
 * The stored options over the all-true defaults (app §3 "Communication options (all default true)"):
 * an option never saved, or stored with a value that is not a boolean, reads as true.
 */
export function mergeCommunicationOptions(stored: Record<string, unknown>): CommunicationOptions {
  const options = { ...DEFAULT_COMMUNICATION_OPTIONS };
  for (const key of Object.keys(options) as (keyof CommunicationOptions)[]) {
    const value = stored[key];
    if (typeof value === 'boolean') options[key] = value;
  }
  return options;
}

// Stored vocabulary values come from the identity service and older rows: a value the contract does
// not know is shown as `fallback` rather than failing the response schema with a 500.
function known<T>(schema: z.core.$ZodType<T>, value: unknown, fallback: T): T {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : fallback;
}

function toWearer(row: Selectable<MembersTable>): Wearer {
  return {
    WearerID: row.wearer_id,
    MemberId: row.member_id,
    ClientId: row.client_id,
    Email: row.email,
    NameFirst: row.name_first,
    NameLast: row.name_last,
    PhoneNumber: row.phone_number,
    DateOfBirth: row.date_of_birth,
    Sex: known(Sex, row.sex, 'Unspecified'),
    LanguageCode: known(LanguageCode, row.language_code, 'en'),
    ActivityTypes: row.activity_types.filter(
      (type): type is ActivityType => ActivityType.safeParse(type).success,
    ),
    StravaDetails:
      row.strava_access_token === null ? null : { Access_Token: row.strava_access_token },
    TermsAcceptedTimestamp: row.terms_accepted_ms,
    MarketingOptInTimestamp: row.marketing_opt_in_ms,
    CommunicationOptions: mergeCommunicationOptions(row.communication_options),
    CountryCode: known(z.nullable(CountryCode), row.country_code, null),
    SubRegion: row.sub_region,
    EmergencyInfo: null,
  };
}

/**
 * The wearer record of a live member (spec §7 GET load-member-wearer; app §3 "Member / wearer"):
 * communication options merged over the all-true defaults, `StravaDetails` null when not connected,
 * `EmergencyInfo` null (not stored yet). Throws {@link WearerNotFoundError} for a deleted member.
 */
export async function loadWearer(db: Db, memberId: number): Promise<Wearer> {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new WearerNotFoundError(memberId);
  return toWearer(row);
}

/**
 * Saves the personal details (spec §7 member-wearer-update) and answers the `WearerID`. Names are
 * trimmed; the phone is saved as validated (`+` and digits). `EmailAddress` must be the member's current
 * e-mail, compared without case, else {@link EmailMismatchError} and nothing is written.
 * `TermsAcceptedTimestamp` never moves the stored acceptance back nor clears it (the later of the two is
 * kept: docs/decisions.md "Terms acceptance moves forward only"). The identity
 * service's attributes are updated by the client, not here.
 */
export async function updateWearerDetails(
  db: Db,
  memberId: number,
  details: WearerDetails,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('members')
      .select(['email', 'wearer_id'])
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new WearerNotFoundError(memberId);
    if (current.email.toLowerCase() !== details.EmailAddress.toLowerCase()) {
      throw new EmailMismatchError();
    }
    await trx
      .updateTable('members')
      .set({
        name_first: details.NameFirst.trim(),
        name_last: details.NameLast.trim(),
        date_of_birth: details.DateOfBirth,
        sex: details.Sex,
        language_code: details.LanguageCode,
        phone_number: details.PhoneNumber,
        marketing_opt_in_ms: details.MarketingOptInTimestamp,
        // The terms' acceptance is recorded by the auth host's set-terms; here it only moves forward,
        // so a form loaded before the member accepted new terms cannot take the acceptance back.
        terms_accepted_ms: sql<
          number | null
        >`greatest(terms_accepted_ms, ${details.TermsAcceptedTimestamp})`,
        updated_at: new Date(),
      })
      .where('member_id', '=', memberId)
      .execute();
    return current.wearer_id;
  });
}

/** Updates live member `memberId` with `values`; throws {@link WearerNotFoundError} when none. */
async function updateMember(
  db: Db,
  memberId: number,
  values: Updateable<MembersTable>,
): Promise<void> {
  const result = await db
    .updateTable('members')
    .set({ ...values, updated_at: new Date() })
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new WearerNotFoundError(memberId);
}

/**
 * Saves all communication options and the marketing opt-in time (epoch ms, null = opted out; spec §7
 * member-wearer-update-communication-options). The contract fills an option left out of the request
 * with its default, true, so a request replaces the whole set.
 */
export async function saveCommunicationOptions(
  db: Db,
  memberId: number,
  options: CommunicationOptions,
  marketingOptInMs: number | null,
): Promise<void> {
  await updateMember(db, memberId, {
    communication_options: JSON.stringify(options),
    marketing_opt_in_ms: marketingOptInMs,
  });
}

/**
 * Saves the favourite activity types (spec §7 activity-types; 1 to 9, policy §5 and §9, checked by the
 * contract), duplicates removed with the first occurrence's order kept, and answers the wearer.
 */
export async function saveFavouriteActivityTypes(
  db: Db,
  memberId: number,
  types: readonly ActivityType[],
): Promise<Wearer> {
  await updateMember(db, memberId, { activity_types: [...new Set(types)] });
  return loadWearer(db, memberId);
}

/** Forgets the fitness-sharing connection (spec §7 disconnect-member-strava); idempotent. */
export async function disconnectStrava(db: Db, memberId: number): Promise<void> {
  await updateMember(db, memberId, { strava_access_token: null });
}
