import type { Db } from '../db/database';

/** Length of the free trial, in calendar months (policy §4 "Subscription lifecycle", §9 "Free trial"). */
export const TRIAL_MONTHS = 1;

/**
 * `ms` (epoch ms) plus `months` calendar months in UTC, the day clamped to the target month's last
 * day (31 January + 1 month = 28 or 29 February), time of day kept.
 */
export function addMonthsUtc(ms: number, months: number): number {
  const date = new Date(ms);
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * Whether the member has an active subscription at `nowMs`: one not deleted whose expiry (epoch ms)
 * is later than now (app §4 "current subscription"; policy §4).
 */
export async function hasActiveSubscription(
  trx: Db,
  memberId: number,
  nowMs: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom('subscriptions')
    .select('subscription_id')
    .where('member_id', '=', memberId)
    .where('deleted', '=', false)
    .where('expiry_ms', '>', nowMs)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Starts the free trial on a device activation (policy §4 "A free trial of 1 month … starts when the
 * device is activated"): inserts a subscription expiring {@link TRIAL_MONTHS} after `nowMs`, with no
 * price and no payment-gateway id (that is what marks a trial row), when the member has no active
 * subscription and never had a trial, so removing and re-activating a device does not renew it.
 * Call inside the activation's transaction with the member row locked. Returns whether it inserted.
 */
export async function startTrialIfEligible(
  trx: Db,
  memberId: number,
  nowMs: number,
): Promise<boolean> {
  if (await hasActiveSubscription(trx, memberId, nowMs)) return false;
  const earlierTrial = await trx
    .selectFrom('subscriptions')
    .select('subscription_id')
    .where('member_id', '=', memberId)
    .where('price_id', 'is', null)
    .where('payment_gateway_subscription_id', 'is', null)
    .executeTakeFirst();
  if (earlierTrial) return false;
  await trx
    .insertInto('subscriptions')
    .values({
      member_id: memberId,
      price_id: null,
      payment_gateway_subscription_id: null,
      expiry_ms: addMonthsUtc(nowMs, TRIAL_MONTHS),
    })
    .execute();
  return true;
}
