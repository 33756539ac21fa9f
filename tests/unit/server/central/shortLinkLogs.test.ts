import type { FastifyInstance } from 'fastify';
import { symbols } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../../server/http/redact';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { HOST, shortLinkTestConfig } from './shortLinkServer';

/*
 * Short codes never appear in server logs (issue 7 item 4; server/http/redact.ts): a code opens a
 * share, so the app's real request log, at level info, is captured while codes travel in paths.
 */

const server = registerListeningTestServer(shortLinkTestConfig({ LOG_LEVEL: 'info' }));
const lines: string[] = [];
let memberToken = '';

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
  [memberToken] = await memberIntegrationTokens(server, ['erin@example.com'] as const);
  lines.length = 0;
});

describe('the request log', () => {
  it('redacts /go/{code} and /central/urls/{code} paths', () => {
    expect(redactUrl('/go/bobs-trip-7Hq2xKpa')).toBe('/go/[redacted]');
    expect(redactUrl('/central/urls/7Hq2xKpa7Hq2?x=1')).toBe('/central/urls/[redacted]?x=1');
    expect(redactUrl('/central/urls')).toBe('/central/urls');
  });

  it('holds no short code, resolved or unknown', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/central/urls',
      headers: { host: HOST, authorization: `Bearer ${memberToken}` },
      payload: { FullUrl: `http://${HOST}/share/journey/x`, Vanity: 'secret-trip' },
    });
    const { ShortCode } = created.json<{ ShortCode: string }>();
    await server.app.inject({ method: 'GET', url: `/go/${ShortCode}` });
    await server.app.inject({ method: 'GET', url: `/central/urls/${ShortCode}` });
    await server.app.inject({ method: 'GET', url: '/go/UnknownCode123' });

    const log = lines.join('\n');
    expect(log).toContain('/go/[redacted]');
    expect(log).toContain('/central/urls/[redacted]');
    expect(log).not.toContain(ShortCode.slice(-8));
    expect(log).not.toContain('UnknownCode123');
  });
});
