import * as z from 'zod/mini';
import { defineCall } from '../call';
import { PaymentMode, SubscriptionProductCode } from '../enums';
import { Id } from '../entities';
import { SuccessResponse } from './common';

/*
 * Payment-gateway calls of the member-integration API (app §7 "Payments"). A session answers the
 * gateway's hosted checkout `SessionUrl`, to which the browser goes. Cancelling or changing the
 * payment method of a one-off subscription (no gateway id) is an error (app §8).
 */

/** The product fields a checkout is opened for (app §3 "Subscription product"). */
const productFields = {
  PriceId: z.string().check(z.minLength(1)),
  ProductType: SubscriptionProductCode,
  TimeQuantity: z.int().check(z.positive()),
  ProductName: z.string().check(z.minLength(1)),
  Mode: PaymentMode,
};

const SessionUrlResponse = z.object({ SessionUrl: z.url() });

/** Opens a checkout for a plan. */
export const paymentGatewaySession = defineCall({
  name: 'payment-gateway-session',
  api: 'member-integration',
  method: 'POST',
  path: '/payment-gateway-session',
  request: z.object(productFields),
  response: SessionUrlResponse,
});

/**
 * Completes a checkout on return to subscription-success/{sessionId}/{generalMode}/{mode} (app §2).
 * `GeneralMode` is the route's opaque flow marker, echoed. Response chosen.
 */
export const completePaymentGatewaySession = defineCall({
  name: 'complete-payment-gateway-session',
  api: 'member-integration',
  method: 'POST',
  path: '/complete-payment-gateway-session',
  request: z.object({
    SessionId: z.string().check(z.minLength(1)),
    GeneralMode: z.string().check(z.maxLength(50)),
    Mode: PaymentMode,
  }),
  response: SuccessResponse,
});

/** Cancels a renewing subscription; service continues until its expiry (policy §4). */
export const cancelSubscription = defineCall({
  name: 'cancel-subscription',
  api: 'member-integration',
  method: 'POST',
  path: '/cancel-subscription',
  request: z.object({ SubscriptionId: Id }),
  response: SuccessResponse,
});

/** Opens a checkout to change the card of a renewing subscription. */
export const paymentMethodUpdateGatewaySession = defineCall({
  name: 'payment-method-update-gateway-session',
  api: 'member-integration',
  method: 'POST',
  path: '/payment-method-update-gateway-session',
  request: z.object({ SubscriptionId: Id }),
  response: SessionUrlResponse,
});

/**
 * Opens a checkout to add a card to a subscription for a plan with a `MinimumTerm` in months (app §7).
 * Without a default subscription it is an error (app §8).
 */
export const paymentMethodCreateGatewaySession = defineCall({
  name: 'payment-method-create-gateway-session',
  api: 'member-integration',
  method: 'POST',
  path: '/payment-method-create-gateway-session',
  request: z.object({
    SubscriptionId: Id,
    ...productFields,
    MinimumTerm: z.int().check(z.nonnegative()),
  }),
  response: SessionUrlResponse,
});

/** The payment calls by name. */
export const paymentCalls = {
  'payment-gateway-session': paymentGatewaySession,
  'complete-payment-gateway-session': completePaymentGatewaySession,
  'cancel-subscription': cancelSubscription,
  'payment-method-update-gateway-session': paymentMethodUpdateGatewaySession,
  'payment-method-create-gateway-session': paymentMethodCreateGatewaySession,
} as const;
