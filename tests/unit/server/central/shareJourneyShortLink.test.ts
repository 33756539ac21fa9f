import { beforeAll, describe, expect, it } from 'vitest';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { BASE58, HOST, shortLinkTestConfig } from './shortLinkServer';

/*
 * share-journey makes the /go/ short link of its share (issue 7 item 4; app §7 share-journey,
 * §2 /go/{code}): the answered ShortCode resolves to the answered ShareUrl.
 */

const server = registerListeningTestServer(shortLinkTestConfig());
let memberToken = '';

beforeAll(async () => {
  [memberToken] = await memberIntegrationTokens(server, ['dave@example.com'] as const);
});

const DAY = 86_400_000;

interface SharedJourney {
  ShareToken: string;
  ShareUrl: string;
  ShortCode: string;
}

const shareJourney = (payload: object) =>
  server.app.inject({
    method: 'POST',
    url: '/api/member-integration/share-journey',
    headers: { host: HOST, authorization: `Bearer ${memberToken}` },
    payload,
  });

describe('share-journey short links', () => {
  it.each([
    ['without a vanity stub', {}, new RegExp(`^${BASE58}{12}$`)],
    ['with a vanity stub', { VanityStub: 'Fjord-Week' }, new RegExp(`^fjord-week-${BASE58}{8}$`)],
  ])(
    'answers a ShortCode %s that /go/ and /central/urls resolve to the ShareUrl',
    async (_name, vanity, shape) => {
      const start = Date.now() - DAY;
      const res = await shareJourney({ JourneyStart: start, JourneyEnd: start + DAY, ...vanity });
      expect(res.statusCode).toBe(200);
      const body = res.json<SharedJourney>();
      expect(body.ShortCode).toMatch(shape);

      const go = await server.app.inject({
        method: 'GET',
        url: `/go/${body.ShortCode}`,
        headers: { host: HOST },
      });
      expect(go.statusCode).toBe(302);
      expect(go.headers.location).toBe(body.ShareUrl);
      const central = await server.app.inject({
        method: 'GET',
        url: `/central/urls/${body.ShortCode}`,
      });
      expect(central.json()).toEqual({ FullUrl: body.ShareUrl });
    },
  );

  it('ties the short link to its share: gone when the share row is gone', async () => {
    const start = Date.now() - DAY;
    const body = (
      await shareJourney({ JourneyStart: start, JourneyEnd: start + DAY })
    ).json<SharedJourney>();
    const row = await server.database.db
      .selectFrom('short_urls')
      .select(['share_id', 'full_url'])
      .where('short_code', '=', body.ShortCode)
      .executeTakeFirstOrThrow();
    expect(row.full_url).toBe(body.ShareUrl);
    expect(row.share_id).not.toBeNull();
    await server.database.db.deleteFrom('shares').where('share_id', '=', row.share_id).execute();
    const go = await server.app.inject({
      method: 'GET',
      url: `/go/${body.ShortCode}`,
      headers: { host: HOST },
    });
    expect(go.headers.location).toBe(`/share-not-found/${body.ShortCode}`);
  });
});
