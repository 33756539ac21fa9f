import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Subscription } from '../../../src/api/entities/subscription';
import { subscriptionStateAt } from '../../../server/member/subscriptionRepository';
import { memberIntegrationTokens, registerListeningTestServer } from './signedUpMember';

const server = registerListeningTestServer();
let alice: string;
let bob: string;
let aliceId: number;

beforeAll(async () => {
  [alice, bob] = await memberIntegrationTokens(server, ['alice@example.com', 'bob@example.com']);
  const row = await server.database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', 'alice@example.com')
    .executeTakeFirstOrThrow();
  aliceId = row.member_id;
});

beforeEach(async () => {
  await server.database.db.deleteFrom('subscriptions').execute();
  await server.database.db.deleteFrom('subscription_products').execute();
});

const DAY_MS = 86_400_000;

async function subscriptionsOf(token: string | undefined) {
  return server.app.inject({
    method: 'GET',
    url: '/api/member-integration/subscriptions',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

describe('GET subscriptions (spec app §7)', () => {
  it('answers the caller’s subscriptions only, ordered by expiry, with their states', async () => {
    const now = Date.now();
    await server.database.db
      .insertInto('subscription_products')
      .values({
        price_id: 'price_yearly',
        product_code: 'nlactive_yearly',
        product_type: 'subscription',
        product_name: 'Yearly',
        time_quantity: 1,
        minimum_term: 12,
        mode: 'subscription',
      })
      .execute();
    await server.database.db
      .insertInto('subscriptions')
      .values([
        {
          member_id: aliceId,
          price_id: 'price_yearly',
          payment_gateway_subscription_id: 'sub_123',
          expiry_ms: now + 400 * DAY_MS,
        },
        { member_id: aliceId, price_id: null, expiry_ms: now + 20 * DAY_MS },
        { member_id: aliceId, price_id: null, expiry_ms: now - DAY_MS, deleted: true },
      ])
      .execute();

    const res = await subscriptionsOf(alice);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ Subscriptions: Subscription[] }>().Subscriptions;
    expect(list.map((s) => [s.State, s.Deleted, s.ProductType ?? null])).toEqual([
      ['inactive', true, null],
      ['trial', false, null],
      ['active', false, 'nlactive_yearly'],
    ]);
    expect(list[1]).toMatchObject({
      BillingFrequency: 'trial',
      PaymentGatewaySubscriptionId: null,
    });
    expect(list[2]).toMatchObject({ PaymentGatewaySubscriptionId: 'sub_123', MinimumTerm: 12 });

    const bobs = await subscriptionsOf(bob);
    expect(bobs.json()).toEqual({ Subscriptions: [] });
  });

  it('answers 401 without a member token', async () => {
    const res = await subscriptionsOf(undefined);
    expect(res.statusCode).toBe(401);
  });
});

describe('subscriptionStateAt (policy §3, §4)', () => {
  const live = { deleted: false, expiryMs: 2_000, priceId: 'p', gatewayId: 'g' };
  it.each([
    ['a paid row before its expiry', live, 'active'],
    ['a paid row at its expiry', { ...live, expiryMs: 1_000 }, 'expired'],
    ['a trial row before its expiry', { ...live, priceId: null, gatewayId: null }, 'trial'],
    ['an expired trial', { ...live, priceId: null, gatewayId: null, expiryMs: 999 }, 'expired'],
    ['a deleted row', { ...live, deleted: true }, 'inactive'],
  ] as const)('%s is %s', (_name, row, state) => {
    expect(subscriptionStateAt(row, 1_000)).toBe(state);
  });
});
