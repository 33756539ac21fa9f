import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DevDemo } from '../../src/api/dev';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { listActivatableDemoDevices } from './activatableDevices';

/**
 * `GET /api/dev/demo` → `{ ActivatableDevices: [{ Imei, Code, DeviceType, IngestKey }] }`: the seeded
 * demo devices a demo or an e2e test can still activate (spec §7 activate-device), with the key to
 * post their telemetry. Registered only with the development endpoints, never in production.
 * `memberTokens` is for the demo member a later version prepares.
 */
export const devDemoRoutes: FastifyPluginCallbackZod<{
  db: Db;
  memberTokens: MemberTokenService;
}> = (app, { db }, done) => {
  app.get('/api/dev/demo', { schema: { response: { 200: DevDemo } } }, async () => ({
    ActivatableDevices: await listActivatableDemoDevices(db),
  }));
  done();
};
