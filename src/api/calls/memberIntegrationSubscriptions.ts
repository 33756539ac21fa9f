import * as z from 'zod/mini';
import { defineCall } from '../call';
import { Subscription, SubscriptionProduct } from '../entities';
import { NoRequest } from './common';

/* Subscriptions of the member-integration API (app §7); purchases are in payments.ts. */

/**
 * The wearer's subscriptions, wrapped as `Subscriptions`. The current one is the first by expiry that
 * is not deleted (app §4).
 */
export const getSubscriptions = defineCall({
  name: 'subscriptions',
  api: 'member-integration',
  method: 'GET',
  path: '/subscriptions',
  request: NoRequest,
  response: z.object({ Subscriptions: z.array(Subscription) }),
});

/** The plans on sale, wrapped as `SubscriptionProducts`. */
export const getSubscriptionProducts = defineCall({
  name: 'subscription-products',
  api: 'member-integration',
  method: 'GET',
  path: '/subscription-products',
  request: NoRequest,
  response: z.object({ SubscriptionProducts: z.array(SubscriptionProduct) }),
});

/** The subscription calls by name. */
export const subscriptionCalls = {
  subscriptions: getSubscriptions,
  'subscription-products': getSubscriptionProducts,
} as const;
