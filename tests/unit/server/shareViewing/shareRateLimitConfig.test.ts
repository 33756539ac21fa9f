import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { registerListeningTestServer } from '../signedUpMember';
import { testConfig } from '../testServer';

/*
 * The per-IP budget of the public share calls comes from ServerConfig.shareRateLimit when code that
 * builds a server sets it (the monitor.frame bench: one page opens 100 shares from one address); the
 * environment cannot set it, and without it the production budget holds (docs/monitor.md).
 */

const server = registerListeningTestServer({
  ...testConfig(),
  shareRateLimit: { max: 3, windowMs: 60_000 },
});

describe('a server built with its own share-call budget', () => {
  it('answers 429 RATE_LIMITED past that budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/member-integration-public/activity-sharing',
        payload: {},
        remoteAddress: '198.51.100.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('is never read from the environment', () => {
    expect(loadConfig({ NODE_ENV: 'test', SHARE_RATE_LIMIT: '100000' }).shareRateLimit).toBe(
      undefined,
    );
  });
});
