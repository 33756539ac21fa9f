import type { Db } from '../db/database';
import { lockMember } from './memberLock';

/** Activation attempts a member may make per window (policy §8 "Device activation"; our choice). */
export const ACTIVATION_ATTEMPT_LIMIT = 10;
/** The rolling window of {@link ACTIVATION_ATTEMPT_LIMIT}, in ms: 15 minutes, the spec's lockout (policy §9). */
export const ACTIVATION_ATTEMPT_WINDOW_MS = 15 * 60_000;

/** The attempts table of migration 0006 (kept here, next to its only user). */
type ActivationAttemptTables = {
  device_activation_attempts: { member_id: number; at_ms: number };
};

/**
 * Counts one activate-device attempt of `memberId` at `nowMs` (epoch ms) and answers whether it is
 * allowed: false when the last {@link ACTIVATION_ATTEMPT_WINDOW_MS} already hold
 * {@link ACTIVATION_ATTEMPT_LIMIT} attempts (the refused one is not counted). Every attempt counts,
 * successful or not, so a 6-digit code cannot be guessed online (10 tries per 15 min per member).
 * Committed on its own, before the activation runs; serialised per member by the member row lock.
 */
export async function countActivationAttempt(
  db: Db,
  memberId: number,
  nowMs: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, memberId);
    const attempts = trx.withTables<ActivationAttemptTables>();
    await attempts
      .deleteFrom('device_activation_attempts')
      .where('member_id', '=', memberId)
      .where('at_ms', '<=', nowMs - ACTIVATION_ATTEMPT_WINDOW_MS)
      .execute();
    const { n } = await attempts
      .selectFrom('device_activation_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (n >= ACTIVATION_ATTEMPT_LIMIT) return false;
    await attempts
      .insertInto('device_activation_attempts')
      .values({ member_id: memberId, at_ms: nowMs })
      .execute();
    return true;
  });
}
