import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { lockMember } from './memberLock';

type Trx = Transaction<Database>;

/** Activation attempts a member may make per window (policy §8 "Device activation"; our choice). */
export const ACTIVATION_ATTEMPT_LIMIT = 10;
/** The rolling window of {@link ACTIVATION_ATTEMPT_LIMIT}, in ms: 15 minutes, the spec's lockout (policy §9). */
export const ACTIVATION_ATTEMPT_WINDOW_MS = 15 * 60_000;

/**
 * Wrong codes one device takes per {@link DEVICE_CODE_FAILURE_WINDOW_MS}, from all members together,
 * before it refuses every activation until the window has passed (our choice): the per-member limit
 * alone let many accounts take turns at one device's 6-digit code.
 */
export const DEVICE_CODE_FAILURE_LIMIT = 10;
/** The rolling window of {@link DEVICE_CODE_FAILURE_LIMIT}, in ms: one hour. */
export const DEVICE_CODE_FAILURE_WINDOW_MS = 60 * 60_000;

/** The attempt tables of migrations 0006 and 0027 (kept here, next to their only user). */
type ActivationAttemptTables = {
  device_activation_attempts: { member_id: number; at_ms: number };
  device_code_failures: { device_id: number; at_ms: number };
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

/**
 * Whether device `deviceId` takes another code at `nowMs` (epoch ms): false when the last
 * {@link DEVICE_CODE_FAILURE_WINDOW_MS} hold {@link DEVICE_CODE_FAILURE_LIMIT} wrong codes for it.
 * Run in the activation's transaction, which holds the device's row lock.
 */
export async function deviceTakesCodes(
  trx: Trx,
  deviceId: number,
  nowMs: number,
): Promise<boolean> {
  const failures = trx.withTables<ActivationAttemptTables>();
  await failures
    .deleteFrom('device_code_failures')
    .where('device_id', '=', deviceId)
    .where('at_ms', '<=', nowMs - DEVICE_CODE_FAILURE_WINDOW_MS)
    .execute();
  const { n } = await failures
    .selectFrom('device_code_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return n < DEVICE_CODE_FAILURE_LIMIT;
}

/** Records a wrong code for device `deviceId` at `nowMs` (epoch ms), in the activation's transaction. */
export async function recordCodeFailure(trx: Trx, deviceId: number, nowMs: number): Promise<void> {
  await trx
    .withTables<ActivationAttemptTables>()
    .insertInto('device_code_failures')
    .values({ device_id: deviceId, at_ms: nowMs })
    .execute();
}
