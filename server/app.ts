import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildInfo } from '../src/api/runtimeConfig';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { authHostRoutes } from './authHost/authHostRoutes';
import { lazyMemberTokenService, loadMemberTokenSecret } from './authHost/memberTokens';
import { installErrorHandling } from './http/errorHandler';
import { answerClientError, answerFrameworkError } from './http/frameworkErrors';
import { refuseNulCharacters } from './http/nulCharacters';
import { redactUrl } from './http/redact';
import { realtimePlugin } from './realtime/realtimePlugin';
import { registerSecurityHeaders } from './http/security';
import { identityPlugin } from './identity/plugin';
import { contactsRoutes } from './member/contactsRoutes';
import { activityRoutes } from './activities/activityRoutes';
import type { DemoInfoSource } from './demo/demo';
import { devDemoRoutes } from './demo/devDemoRoutes';
import { deviceRoutes } from './devices/deviceRoutes';
import { equipmentRoutes } from './member/equipmentRoutes';
import { subscriptionRoutes } from './member/subscriptionRoutes';
import { reminderRoutes } from './member/reminderRoutes';
import { wearerRoutes } from './member/wearerRoutes';
import { memberClientRoutes } from './member/memberClientRoutes';
import { publicClientRoutes } from './member/publicClientRoutes';
import { alertPlugin } from './alerts/alertPlugin';
import { rescueOrgRoutes } from './alerts/rescueOrgRoutes';
import { rescueRouter } from './alerts/rescueRouter';
import { deviceMessageRoutes } from './messages/deviceMessageRoutes';
import { memberMessageRoutes } from './messages/memberMessageRoutes';
import { shortLinkResolveRoutes } from './central/shortLinkResolveRoutes';
import { shortUrlRoutes } from './central/shortUrlRoutes';
import { shareExpiryPlugin } from './shares/shareExpiryPlugin';
import { shareRoutes } from './shares/shareRoutes';
import { shareViewingRoutes } from './shareViewing/shareViewingRoutes';
import { createShareTokenVerifier } from './shares/shareTokenVerifier';
import { devOutboxRoutes } from './outbox/devOutboxRoutes';
import { createOutbox, type Outbox } from './outbox/outbox';
import { outboxPlugin } from './outbox/outboxPlugin';
import { serialRuns } from './lifecycle/periodicJob';
import { publishNotificationResults } from './alerts/notificationChanges';
import { createProductionTransport } from './outbox/transport';
import { basemapRoutes } from './routes/basemap';
import { brandLogoRoutes } from './routes/brandLogo';
import { documentRoutes } from './routes/documents';
import { healthRoutes } from './routes/health';
import { runtimeConfigRoutes } from './routes/runtimeConfig';
import { ingestRoutes } from './telemetry/ingestRoutes';
import { registerSpa } from './web/spa';

/** What the server needs from outside: an open, migrated database. */
export interface ServerDeps {
  readonly db: Db;
  /** Replaces the outbox built from the config (tests). */
  readonly outbox?: Outbox;
  /** The live demo's info for `GET /api/dev/demo`, when the demo runs (server/demo/demo.ts). */
  readonly demo?: DemoInfoSource;
}

/** Trusts the nearest `hops` proxies of X-Forwarded-For (a hop count for Fastify's trustProxy). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

async function readBuildTimestamp(webDir: string): Promise<number | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(path.join(webDir, 'build.json'), 'utf8'));
    return BuildInfo.parse(raw).BuildTimestamp;
  } catch {
    return null;
  }
}

/**
 * Builds the Lifeline server (fastify/demo's shape): Fastify 5 with zod schemas from src/api on every
 * route, structured pino logs with secrets redacted, security headers, then the routes and the SPA.
 * Used by `npm start` (server/main.ts) and by tests through `app.inject` with no open port.
 * The caller owns `deps.db` (it is not closed with the app).
 */
export async function buildServer(
  config: ServerConfig,
  deps: ServerDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: config.bodyLimitBytes,
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
      },
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // What the router and Node's HTTP parser refuse answers in the spec's error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  refuseNulCharacters(app);
  // The browser calls a real Cognito pool directly (identity-protocol.md §1): allow its endpoint.
  registerSecurityHeaders(app, config, [
    ...(config.cognito ? [`https://cognito-idp.${config.cognito.region}.amazonaws.com`] : []),
    ...(config.centralHost ? [new URL(config.centralHost).origin] : []),
  ]);

  const outbox =
    deps.outbox ??
    createOutbox(
      deps.db,
      config.mode === 'production' && config.smtpUrl && config.smsGatewayUrl
        ? createProductionTransport({
            smtpUrl: config.smtpUrl,
            smsGatewayUrl: config.smsGatewayUrl,
            from: config.mailFrom,
          })
        : null,
      app.log,
    );

  await app.register(healthRoutes, { db: deps.db });
  await app.register(identityPlugin, { db: deps.db, outbox, config });
  await app.register(runtimeConfigRoutes, {
    config,
    identity: app.identityPool,
    buildTimestamp: await readBuildTimestamp(config.webDir),
  });
  const memberTokens = lazyMemberTokenService(() => loadMemberTokenSecret(deps.db));
  await app.register(authHostRoutes, {
    db: deps.db,
    verifier: app.identityVerifier,
    identity: app.identityContext,
    memberTokens,
  });
  await app.register(memberClientRoutes, { db: deps.db, memberTokens });
  await app.register(contactsRoutes, { db: deps.db, memberTokens });
  await app.register(deviceRoutes, { db: deps.db, memberTokens });
  await app.register(equipmentRoutes, { db: deps.db, memberTokens });
  await app.register(subscriptionRoutes, { db: deps.db, memberTokens });
  await app.register(wearerRoutes, { db: deps.db, memberTokens });
  await app.register(activityRoutes, {
    db: deps.db,
    memberTokens,
    ...(config.trackWarmIntervalMs ? { trackWarmIntervalMs: config.trackWarmIntervalMs } : {}),
  });
  // One verifier for sockets and the shared-viewing calls: one wrong-code counter per share.
  const shareTokens = createShareTokenVerifier(deps.db);
  await app.register(realtimePlugin, {
    config,
    db: deps.db,
    memberTokens,
    buildTimestamp: await readBuildTimestamp(config.webDir),
    shareTokens,
    ...(config.serverStartTimestamp ? { serverStartTimestamp: config.serverStartTimestamp } : {}),
  });
  // After the realtime plugin: reminder saves tell the member's sockets.
  await app.register(reminderRoutes, { db: deps.db, memberTokens });
  // After the realtime plugin: the ingest publishes committed telemetry through `app.realtime`.
  // Activities whose device fell silent for 30 min are closed within a minute (issue 5 item 2).
  // A delivery result changes an alert's notifications: the member's open activity hears of it
  // (share viewers never see notifications: they are not told).
  const deliverNotifications = async () => {
    const { alertIds } = await outbox.deliverPending();
    await publishNotificationResults(
      deps.db,
      (memberId, changes) =>
        app.realtime.publishEntityChanges(memberId, changes, { ownerOnly: true }),
      alertIds,
      Date.now(),
    );
  };
  // One round at a time: an SOS stored while a round waits on a mail server that does not answer
  // goes out in the round after it, not in a second round stuck beside it.
  const deliveryRounds = serialRuns(deliverNotifications, (error) => {
    app.log.error({ err: error }, 'outbox delivery round failed');
  });
  app.addHook('onClose', async () => {
    await deliveryRounds.stop();
  });
  const alerts = { rescueRouter, requestDelivery: deliveryRounds.runNow };
  const sweepIntervalMs = config.sweepIntervalMs ?? undefined;
  // Devices report every few seconds: their requests are logged only when something goes wrong.
  await app.register(ingestRoutes, {
    logLevel: 'warn',
    db: deps.db,
    alerts,
    ...(sweepIntervalMs ? { silenceSweepIntervalMs: sweepIntervalMs } : {}),
  });
  await app.register(alertPlugin, {
    db: deps.db,
    alerts,
    ...(sweepIntervalMs ? { sweepIntervalMs } : {}),
  });
  // With the sweeps, the outbox's own rounds: at start and every 15 s, what is due goes out (a
  // message a dead process left, one waiting for its next try after a failure).
  if (sweepIntervalMs) await app.register(outboxPlugin, { rounds: deliveryRounds });
  await app.register(documentRoutes, { db: deps.db });
  await app.register(brandLogoRoutes, { db: deps.db });
  await app.register(basemapRoutes);
  await app.register(publicClientRoutes, { db: deps.db });
  await app.register(rescueOrgRoutes, { db: deps.db });
  await app.register(deviceMessageRoutes, { db: deps.db, logLevel: 'warn' });
  await app.register(memberMessageRoutes, { db: deps.db, memberTokens });
  await app.register(shareRoutes, { db: deps.db, config, memberTokens });
  await app.register(shareViewingRoutes, { db: deps.db, shareTokens });
  // An expired share's live viewers are disconnected within a second, as a revoked one's.
  await app.register(shareExpiryPlugin, { db: deps.db });
  // The central service's short links (issue 7 item 4), and /go/{code} before the SPA's fallback.
  await app.register(shortUrlRoutes, { db: deps.db, config, memberTokens });
  await app.register(shortLinkResolveRoutes, { db: deps.db, config });
  if (config.devEndpoints) {
    await app.register(devOutboxRoutes, { outbox });
    await app.register(devDemoRoutes, {
      db: deps.db,
      memberTokens,
      ...(deps.demo ? { demo: deps.demo } : {}),
    });
  }
  await registerSpa(app, config.webDir);
  return app;
}
