import type { Db } from '../db/database';

/** What `signup-check-email` answers (spec §7): found, verified, deleted. */
export interface EmailCheck {
  readonly EmailFound: boolean;
  readonly UserVerified: boolean;
  readonly Deleted: boolean;
}

/**
 * Looks an e-mail up in the local identity pool and among members (spec §5: "An email is available if
 * not found or not verified"). `Deleted` is true when the only member with it was deleted.
 */
export async function checkEmail(db: Db, email: string): Promise<EmailCheck> {
  const normalised = email.trim().toLowerCase();
  const user = await db
    .selectFrom('identity_users')
    .select(['sub', 'email_verified'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalised))
    .executeTakeFirst();
  const members = await db
    .selectFrom('members')
    .select(['deleted_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalised))
    .execute();
  const live = members.some((m) => m.deleted_at === null);
  return {
    EmailFound: user !== undefined,
    UserVerified: user?.email_verified ?? false,
    Deleted: members.length > 0 && !live,
  };
}
