import * as z from 'zod/mini';
import {
  BillingFrequency,
  PaymentMode,
  SubscriptionProductCode,
  SubscriptionState,
} from '../enums';
import { Id, Timestamp } from './common';

/**
 * The card a renewing subscription is billed to (policy §3 "payment method"). Shape chosen: card brand
 * and last four digits only; the gateway holds the rest.
 */
export const PaymentMethod = z.object({
  Brand: z.string(),
  Last4: z.string().check(z.regex(/^\d{4}$/)),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * A wearer's subscription (app §3 "Subscription"; policy §3 and §4).
 * - `PaymentGatewaySubscriptionId`: the gateway's id of a renewing plan; null for one-off passes, which
 *   therefore cannot be cancelled or have their payment method changed (app §8).
 * - `ExpiryTimestamp`: epoch ms the service is valid until; `Deleted`: removed (not current).
 * Optional additions from policy §3: product code, state, billing frequency (`Interval` months for
 * monthlyX), minimum term in months, auto-renew, processing-renewal and unhealthy-payment flags, next
 * bill time (epoch ms) and payment method.
 */
export const Subscription = z.object({
  SubscriptionID: Id,
  PaymentGatewaySubscriptionId: z.nullable(z.string()),
  ExpiryTimestamp: Timestamp,
  Deleted: z.boolean(),
  ProductType: z.optional(z.nullable(SubscriptionProductCode)),
  State: z.optional(SubscriptionState),
  BillingFrequency: z.optional(BillingFrequency),
  Interval: z.optional(z.nullable(z.int().check(z.positive()))),
  MinimumTerm: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  AutoRenew: z.optional(z.boolean()),
  ProcessingRenewal: z.optional(z.boolean()),
  UnhealthyPayment: z.optional(z.boolean()),
  NextBillTimestamp: z.optional(z.nullable(Timestamp)),
  PaymentMethod: z.optional(z.nullable(PaymentMethod)),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * A plan on sale (app §3 "Subscription product", §7 payments). `PriceId` is the gateway's price id;
 * `ProductType` the product code; `TimeQuantity` how many periods one purchase covers (e.g. 6 for the
 * seasonal plan's months, 1 for a day pass; unit implied by the code); `ProductName` display name;
 * `MinimumTerm` in months (0 when none); `Mode` the checkout mode. Optional additions: `Price` in minor
 * units (cents) with its ISO 4217 `Currency`, and `SavingsPercent` (policy §3).
 */
export const SubscriptionProduct = z.object({
  PriceId: z.string().check(z.minLength(1)),
  ProductType: SubscriptionProductCode,
  TimeQuantity: z.int().check(z.positive()),
  ProductName: z.string(),
  MinimumTerm: z.int().check(z.nonnegative()),
  Mode: PaymentMode,
  Price: z.optional(z.int().check(z.nonnegative())),
  Currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  SavingsPercent: z.optional(z.number().check(z.gte(0), z.lte(100))),
});
export type SubscriptionProduct = z.infer<typeof SubscriptionProduct>;
