import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database';
import { startShareExpirySweep, type ShareExpirySweep } from './shareExpirySweep';

/** Options of {@link shareExpiryPlugin}. */
export interface ShareExpiryPluginOptions {
  readonly db: Db;
  /** The sweep's period, ms; default SHARE_EXPIRY_SWEEP_INTERVAL_MS (1 s). */
  readonly intervalMs?: number;
}

/**
 * Ends the live viewing of shares as they expire (server/shares/shareExpirySweep.ts): runs the sweep
 * from the server's start to its close, disconnecting through `app.realtime.disconnectShare`. Without
 * the realtime plugin there are no live viewers and nothing runs. Register after the realtime plugin.
 */
export const shareExpiryPlugin: FastifyPluginAsync<ShareExpiryPluginOptions> = (app, options) => {
  let sweep: ShareExpirySweep | undefined;
  app.addHook('onReady', () => {
    if (app.hasDecorator('realtime')) {
      sweep = startShareExpirySweep(
        options.db,
        (shareId) => app.realtime.disconnectShare(shareId),
        {
          ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
          onError: (error) => {
            app.log.error({ err: error }, 'share expiry sweep failed');
          },
        },
      );
    }
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await sweep?.stop();
  });
  return Promise.resolve();
};
