import type { PersonalData } from '../../src/api/validation/password';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database, IdentityUsersTable } from '../db/schema';
import { IdentityError, MESSAGES } from './errors';
import type { LockoutState } from './lockout';
import { isUuid } from './random';

/** A stored user of the local pool (table identity_users). */
export type IdentityUser = Selectable<IdentityUsersTable>;

/** What a new password of `user` must not contain (policy §5): their names and e-mail address. */
export function personalDataOf(user: IdentityUser): PersonalData {
  return { names: [user.given_name, user.family_name], email: user.email };
}

/** A database handle inside a transaction. */
export type Trx = Transaction<Database>;

/**
 * The user a `Username` names, or undefined: by `sub` when it is a UUID (what the client uses after a
 * sign-in, USER_ID_FOR_SRP), otherwise by email, case-insensitively (email-as-username pool).
 */
export async function findUser(db: Db, username: string): Promise<IdentityUser | undefined> {
  const query = db.selectFrom('identity_users').selectAll();
  return isUuid(username)
    ? query.where('sub', '=', username.toLowerCase()).executeTakeFirst()
    : query
        .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
        .executeTakeFirst();
}

/** {@link findUser}, throwing UserNotFoundException "User does not exist." (LEGACY mode, §6). */
export async function requireUser(db: Db, username: string): Promise<IdentityUser> {
  const user = await findUser(db, username);
  if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userNotFound);
  return user;
}

/**
 * Whether another user already has `email` (case-insensitive); with `confirmedOnly`, only a confirmed
 * account counts (an unconfirmed sign-up does not hold its address).
 */
export async function emailTaken(
  db: Db,
  email: string,
  options: { exceptSub?: string; confirmedOnly?: boolean } = {},
): Promise<boolean> {
  let query = db
    .selectFrom('identity_users')
    .select('sub')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (options.exceptSub) query = query.where('sub', '<>', options.exceptSub);
  if (options.confirmedOnly) query = query.where('status', '=', 'CONFIRMED');
  return (await query.executeTakeFirst()) !== undefined;
}

/** Reads user `sub` inside `trx` holding its row lock (`select … for update`), or undefined. */
export async function lockUser(trx: Trx, sub: string): Promise<IdentityUser | undefined> {
  return trx
    .selectFrom('identity_users')
    .selectAll()
    .where('sub', '=', sub)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Runs `work` in a transaction holding the user's row lock, so concurrent requests for one user
 * (lockout counting, attempt limits, codes) are serialised. The user is re-read under the lock;
 * UserNotFoundException when it is gone.
 */
export async function withLockedUser<T>(
  db: Db,
  sub: string,
  work: (trx: Trx, user: IdentityUser) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, sub);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userNotFound);
    return work(trx, user);
  });
}

/** The user's lockout state (src lockout.ts) from its columns. */
export function lockoutOf(user: IdentityUser): LockoutState {
  return {
    failures: user.failed_sign_ins,
    lockedUntilMs: user.locked_until_ms,
    lastAttemptMs: user.last_sign_in_attempt_ms,
  };
}

/** The identity_users columns holding a lockout state. */
export function lockoutColumns(state: LockoutState): {
  failed_sign_ins: number;
  locked_until_ms: number | null;
  last_sign_in_attempt_ms: number | null;
} {
  return {
    failed_sign_ins: state.failures,
    locked_until_ms: state.lockedUntilMs,
    last_sign_in_attempt_ms: state.lastAttemptMs,
  };
}

/** Stores a lockout state on the user's row. */
export async function saveLockout(trx: Trx, sub: string, state: LockoutState): Promise<void> {
  await trx
    .updateTable('identity_users')
    .set(lockoutColumns(state))
    .where('sub', '=', sub)
    .execute();
}

/** Whether `error` is PostgreSQL's unique violation (23505): a concurrent writer took the email. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
