import { IdentityError, MESSAGES } from './errors';
import { emailTaken, type Trx } from './users';

/**
 * Makes the verified `email` the address of account `sub`, and of its live member record, in the
 * caller's transaction (which holds the account's row lock): used by VerifyUserAttribute for a
 * pending address (operations/attributes.ts) and by the auth host's e-mail change
 * (server/authHost/emailChange.ts). A pending change of the account ends with it. Throws
 * IdentityError AliasExistsException when another confirmed account holds the address; an
 * unconfirmed sign-up of it gives way (spec §5 "available if not found or not verified").
 * `nowMs` is epoch ms.
 */
export async function adoptVerifiedEmail(
  trx: Trx,
  sub: string,
  email: string,
  nowMs: number,
): Promise<void> {
  if (await emailTaken(trx, email, { exceptSub: sub, confirmedOnly: true })) {
    throw new IdentityError('AliasExistsException', MESSAGES.emailExists);
  }
  await trx
    .deleteFrom('identity_users')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('status', '=', 'UNCONFIRMED')
    .where('sub', '<>', sub)
    .execute();
  await trx
    .updateTable('identity_users')
    .set({ email, email_verified: true, pending_email: null, updated_ms: nowMs })
    .where('sub', '=', sub)
    .execute();
  await trx
    .updateTable('members')
    .set({ email, updated_at: new Date(nowMs) })
    .where('identity_sub', '=', sub)
    .where('deleted_at', 'is', null)
    .execute();
}
