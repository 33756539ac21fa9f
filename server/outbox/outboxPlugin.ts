import type { FastifyPluginCallback } from 'fastify';
import { onInterval, type SerialRuns } from '../lifecycle/periodicJob';

/**
 * How often the server runs an outbox delivery round of its own, ms (a design decision): besides the
 * rounds an ingest or an alert sweep starts for the notifications it stored, so a message stored by a
 * process that died before delivering it, or one waiting for its next try after a failure
 * (outbox.ts `outboxRetryDelayMs`), goes out within this much of being due.
 */
export const OUTBOX_ROUND_INTERVAL_MS = 15_000;

/** Options of {@link outboxPlugin}. */
export interface OutboxPluginOptions {
  /**
   * The server's delivery rounds (app.ts: the outbox's `deliverPending` with its results published,
   * one round at a time), which the ingest and the alert sweep also ask for as they store
   * notifications. The server stops them on close.
   */
  readonly rounds: SerialRuns;
  /** The rounds' interval, ms; default {@link OUTBOX_ROUND_INTERVAL_MS}. */
  readonly intervalMs?: number;
}

/**
 * Runs outbox delivery rounds while the server is up (ARCHITECTURE.md §2; issue 5 item 3
 * "Notifications to contacts … through the outbox"): one as the server becomes ready (what an
 * earlier process left undelivered) and then every `intervalMs`, on an unref'd timer, one at a time
 * with the rounds the ingest and the sweeps ask for. A failed round is logged and the next runs as
 * planned; closing the server stops the timer and waits for a round in progress, so none is cut off
 * by the database closing under it.
 */
export const outboxPlugin: FastifyPluginCallback<OutboxPluginOptions> = (app, options, done) => {
  let periodic: SerialRuns | undefined;
  app.addHook('onReady', (hookDone) => {
    periodic = onInterval(options.rounds, options.intervalMs ?? OUTBOX_ROUND_INTERVAL_MS);
    periodic.runNow();
    hookDone();
  });
  app.addHook('onClose', async () => {
    await periodic?.stop();
  });
  done();
};
