import type { FastifyInstance } from 'fastify';
import { symbols } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { testConfig } from '../testServer';
import { insertActivity } from './shareFixtures';

/*
 * Tokens never appear in server logs (issue 8 item 1; server/http/redact.ts): the app's real request
 * log, at level info, captured while share tokens travel in paths, queries and bodies.
 */

const server = registerListeningTestServer(testConfig({ LOG_LEVEL: 'info' }));
const lines: string[] = [];
let memberToken = '';
let activityId = 0;

/** Sends everything the app's pino logger writes, from now on, to `lines`. */
function captureLog(app: FastifyInstance): void {
  // Request loggers are pino children of `app.log`, which read the stream through their prototype.
  Object.assign(app.log, {
    [symbols.streamSym]: {
      write: (line: string) => {
        lines.push(line);
      },
    },
  });
}

beforeAll(async () => {
  captureLog(server.app);
  [memberToken] = await memberIntegrationTokens(server, ['alice@example.com'] as const);
  const row = await server.database.db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', 'alice@example.com')
    .executeTakeFirstOrThrow();
  activityId = await insertActivity(server.database.db, row.member_id, Date.now() - 3_600_000);
  lines.length = 0;
});

describe('the request log', () => {
  it('holds no share token, TOTP secret or member token, wherever they travelled', async () => {
    const member = { authorization: `Bearer ${memberToken}` };
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration/share-activity',
      headers: member,
      payload: { ActivityId: activityId, WithTotp: true },
    });
    const {
      ShareToken: token,
      ShareId: shareId,
      TotpSecret: secret,
    } = created.json<{
      ShareToken: string;
      ShareId: string;
      TotpSecret: string;
    }>();
    const verifyUrl = '/api/member-integration-public/verify-socket-user';
    const requests = [
      { method: 'GET', url: `/share/activity/${token}?totp=123456` },
      { method: 'GET', url: `/share/journey/${token}` },
      {
        method: 'GET',
        url: `/api/member-integration-public/member-integration-clients?ShareToken=${token}`,
      },
      { method: 'GET', url: `/somewhere/${token}/else?t=${token}` },
      { method: 'POST', url: verifyUrl, payload: { ShareToken: token, SocketID: 'nobody' } },
      { method: 'POST', url: verifyUrl, payload: { ShareToken: token } },
      { method: 'GET', url: '/api/member-integration/share-list', headers: member },
      {
        method: 'POST',
        url: '/api/member-integration/share-revoke',
        headers: member,
        payload: { ShareId: shareId },
      },
    ] as const;
    for (const request of requests) await server.app.inject(request);

    const log = lines.join('');
    // The capture works: every request was logged, with its URL redacted.
    expect(lines.filter((line) => line.includes('"incoming request"'))).toHaveLength(
      requests.length + 1,
    );
    expect(log).toContain('/share/activity/[redacted]?totp=%5Bredacted%5D');
    expect(log).toContain('ShareToken=%5Bredacted%5D');
    expect(log).toContain('/somewhere/[redacted]/else?t=%5Bredacted%5D');

    const [header, payload, signature] = token.split('.');
    for (const secretPart of [token, payload, signature, secret, memberToken, '123456']) {
      expect(secretPart && log.includes(secretPart)).toBe(false);
    }
    expect(header).toMatch(/^eyJ/);
  });
});
