import type { z } from 'zod';
import type { activateDevice as activateDeviceCall } from '../../src/api/calls/memberIntegrationDevices';
import type { ErrorCode } from '../../src/api/errors';
import type { Db } from '../db/database';
import { activationCodeMatches } from './activationCode';
import {
  ACTIVATION_ATTEMPT_WINDOW_MS,
  DEVICE_CODE_FAILURE_WINDOW_MS,
  countActivationAttempt,
  deviceTakesCodes,
  recordCodeFailure,
} from './activationAttempts';
import { lockMember } from './memberLock';
import { hasActiveSubscription, startTrialIfEligible } from './trialSubscription';

/**
 * Devices an account with an active subscription may hold (policy §4 "Device rules" {MaxDeviceCount},
 * §9 "one shown").
 */
export const MAX_DEVICE_COUNT = 1;

/** An activate-device request after contract validation (spec §7). */
export type ActivationRequest = z.output<(typeof activateDeviceCall)['request']>;
/** An activate-device answer: the ids, or `Error: { ErrorCode, Message }` (spec §7, policy §8). */
export type ActivationResponse = z.input<(typeof activateDeviceCall)['response']>;

function failure(code: ErrorCode, message: string): ActivationResponse {
  return { Error: { ErrorCode: code, Message: message } };
}

/**
 * Activates the registry device `request.Imei` for `memberId` at `nowMs` (epoch ms) (spec §7
 * activate-device; policy §4 "Device rules", §8 "Device activation"). Checks, in order:
 * 1. attempts: more than 10 in 15 min → ACTIVATION_FAILED (every attempt counts, committed first);
 * 2. IMEI unknown → IMEI_NOT_FOUND; 3. the device took 10 wrong codes within the hour, from anyone →
 *    ACTIVATION_FAILED (activationAttempts.ts `DEVICE_CODE_FAILURE_LIMIT`); wrong code → CODE_INVALID,
 *    recorded (before anything about the device's owner or type is told); 4. registry type ≠
 *    DeviceType → PAIRING_ERROR;
 * 5. owned by another member → DEVICE_TAKEN; already the caller's → success, nickname saved;
 * 6. the member holds {@link MAX_DEVICE_COUNT} devices and an active subscription →
 *    EXISTING_ACTIVE_SUBSCRIPTION.
 * On success the device gets the member, registration time and nickname, and a 1-month trial starts
 * when eligible (trialSubscription.ts). One transaction holding the member's row and then the
 * device's row (`for update`), so concurrent activations of one IMEI give exactly one success.
 */
export async function activateDevice(
  db: Db,
  memberId: number,
  request: ActivationRequest,
  nowMs: number,
): Promise<ActivationResponse> {
  if (!(await countActivationAttempt(db, memberId, nowMs))) {
    const minutes = ACTIVATION_ATTEMPT_WINDOW_MS / 60_000;
    return failure(
      'ACTIVATION_FAILED',
      `Too many activation attempts; try again in ${minutes} minutes`,
    );
  }
  return db.transaction().execute(async (trx) => {
    if (!(await lockMember(trx, memberId))) return failure('AUTH', 'Member not logged in');
    const device = await trx
      .selectFrom('devices')
      .select([
        'device_id',
        'atlas_device_id',
        'imei',
        'activation_code_hash',
        'device_type',
        'member_id',
      ])
      .where('imei', '=', request.Imei)
      .forUpdate()
      .executeTakeFirst();
    if (!device) return failure('IMEI_NOT_FOUND', 'The IMEI is unknown');
    if (!(await deviceTakesCodes(trx, device.device_id, nowMs))) {
      const minutes = DEVICE_CODE_FAILURE_WINDOW_MS / 60_000;
      return failure(
        'ACTIVATION_FAILED',
        `Too many wrong codes for this device; try again in ${minutes} minutes`,
      );
    }
    if (!activationCodeMatches(device.activation_code_hash, device.imei, request.Code)) {
      await recordCodeFailure(trx, device.device_id, nowMs);
      return failure('CODE_INVALID', 'The code is invalid');
    }
    if (device.device_type !== request.DeviceType) {
      return failure('PAIRING_ERROR', `Pairing failed: the device is not a ${request.DeviceType}`);
    }
    if (device.member_id !== null && device.member_id !== memberId) {
      return failure('DEVICE_TAKEN', 'The device is allocated to another user');
    }
    const nickname = request.DeviceNickname.trim();
    if (device.member_id === null) {
      const { n } = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (n >= MAX_DEVICE_COUNT && (await hasActiveSubscription(trx, memberId, nowMs))) {
        return failure(
          'EXISTING_ACTIVE_SUBSCRIPTION',
          `The account supports only ${MAX_DEVICE_COUNT} device(s); remove the active one first`,
        );
      }
      await trx
        .updateTable('devices')
        .set({
          member_id: memberId,
          registered_at: new Date(nowMs),
          released_at: null,
          device_nickname: nickname,
        })
        .where('device_id', '=', device.device_id)
        .execute();
      await startTrialIfEligible(trx, memberId, nowMs);
    } else {
      await trx
        .updateTable('devices')
        .set({ device_nickname: nickname })
        .where('device_id', '=', device.device_id)
        .execute();
    }
    return { AtlasDeviceID: device.atlas_device_id, DeviceID: device.device_id };
  });
}
