import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DevDemo } from '../../src/api/dev';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { listActivatableDemoDevices } from './activatableDevices';
import type { DemoInfoSource } from './demo';

/**
 * `GET /api/dev/demo` → `{ ActivatableDevices: [{ Imei, Code, DeviceType, IngestKey }], Member,
 * ShareUrl, ShareToken, Device }`: the seeded demo devices a demo or an e2e test can still activate
 * (spec §7 activate-device), with the key to post their telemetry, and, while the live demo runs
 * (`demo`), its member's sign-in, the guardian share and the demo watch (issue 5 item 7). Registered
 * only with the development endpoints, never in production.
 */
export const devDemoRoutes: FastifyPluginCallbackZod<{
  db: Db;
  memberTokens: MemberTokenService;
  demo?: DemoInfoSource;
}> = (app, { db, demo }, done) => {
  app.get('/api/dev/demo', { schema: { response: { 200: DevDemo } } }, async () => {
    const info = demo?.current() ?? null;
    return {
      ActivatableDevices: await listActivatableDemoDevices(db),
      ...(info
        ? {
            Member: { Email: info.email, Password: info.password },
            Device: { Imei: info.imei, IngestKey: info.ingestKey },
            ...(info.shareUrl && info.shareToken
              ? { ShareUrl: info.shareUrl, ShareToken: info.shareToken }
              : {}),
          }
        : {}),
    };
  });
  done();
};
