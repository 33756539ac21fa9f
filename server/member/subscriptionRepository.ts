import type { Subscription } from '../../src/api/entities/subscription';
import { SubscriptionProductCode, type SubscriptionState } from '../../src/api/enums';
import type { Db } from '../db/database';

/**
 * A subscription row's state at `nowMs` (policy §3 "state (active, expired, inactive)", §4 "Some
 * states the subscription can show: active, expired, inactive, trial"): a deleted row is `inactive`;
 * one whose expiry (epoch ms) is not later than now is `expired`; a live row with neither a price nor
 * a payment-gateway id is the free trial (server/devices/trialSubscription.ts writes it so), `trial`;
 * any other live row `active`.
 */
export function subscriptionStateAt(
  row: {
    readonly deleted: boolean;
    readonly expiryMs: number;
    readonly priceId: string | null;
    readonly gatewayId: string | null;
  },
  nowMs: number,
): SubscriptionState {
  if (row.deleted) return 'inactive';
  if (row.expiryMs <= nowMs) return 'expired';
  return row.priceId === null && row.gatewayId === null ? 'trial' : 'active';
}

/**
 * The member's subscriptions for GET subscriptions (spec app §7; §3 "Subscription"), deleted ones
 * included (the client picks the current one: the first by expiry not deleted, app §4), ordered by
 * expiry then id. Each carries its id, gateway id (null for a trial or a one-off pass), expiry (epoch
 * ms), `Deleted`, its `State` at `nowMs` ({@link subscriptionStateAt}), and for a row bought from a
 * product the product's code as `ProductType` and minimum term in months; a trial shows
 * `BillingFrequency: 'trial'` and `ProductType: null`. Only the caller's rows: `memberId` comes from
 * the verified member token.
 */
export async function listSubscriptions(
  db: Db,
  memberId: number,
  nowMs: number,
): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions as s')
    .leftJoin('subscription_products as p', 'p.price_id', 's.price_id')
    .select([
      's.subscription_id',
      's.price_id',
      's.payment_gateway_subscription_id',
      's.expiry_ms',
      's.deleted',
      'p.product_code',
      'p.minimum_term',
    ])
    .where('s.member_id', '=', memberId)
    .orderBy('s.expiry_ms')
    .orderBy('s.subscription_id')
    .execute();
  return rows.map((row) => {
    const expiryMs = row.expiry_ms;
    const gatewayId = row.payment_gateway_subscription_id;
    const state = subscriptionStateAt(
      { deleted: row.deleted, expiryMs, priceId: row.price_id, gatewayId },
      nowMs,
    );
    const trial = row.price_id === null && gatewayId === null;
    const code = SubscriptionProductCode.safeParse(row.product_code);
    return {
      SubscriptionID: row.subscription_id,
      PaymentGatewaySubscriptionId: gatewayId,
      ExpiryTimestamp: expiryMs,
      Deleted: row.deleted,
      State: state,
      ProductType: code.success ? code.data : null,
      ...(trial ? { BillingFrequency: 'trial' as const } : {}),
      ...(row.minimum_term === null ? {} : { MinimumTerm: row.minimum_term }),
    };
  });
}
