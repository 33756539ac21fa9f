import type { FastifyPluginCallback } from 'fastify';
import type { Db } from '../db/database';
import type { AlertEngineDeps } from './alertEngine';
import { registerPeriodicJob } from '../lifecycle/periodicJob';
import { sweepAlerts } from './alertSweep';

/** Options of {@link alertPlugin}. */
export interface AlertPluginOptions {
  readonly db: Db;
  readonly alerts: AlertEngineDeps;
  /** How often the sweep runs, ms (60 000 in the server; absent: no sweep). */
  readonly sweepIntervalMs?: number;
  /** Server clock, epoch ms; default `Date.now`. */
  readonly clock?: () => number;
}

/**
 * Runs the alert sweep (alertSweep.ts: no data, no GPS, no motion, not worn, expiry) every
 * `sweepIntervalMs` while the server is up, one sweep at a time, on an unref'd timer; each member's
 * committed changes go to their sockets (`app.realtime`, when registered) and new notifications to
 * the outbox's delivery (asked for, not waited for). A failed sweep is logged and the next runs as planned; closing the server
 * waits for a sweep in progress.
 */
export const alertPlugin: FastifyPluginCallback<AlertPluginOptions> = (app, options, done) => {
  const clock = options.clock ?? Date.now;
  const interval = options.sweepIntervalMs;
  if (interval === undefined) {
    done();
    return;
  }
  const sweep = async () => {
    const publisher = app.hasDecorator('realtime') ? app.realtime : undefined;
    const changed = await sweepAlerts(options.db, clock(), options.alerts, (memberId, changes) => {
      publisher?.publishEntityChanges(memberId, changes);
    });
    // The round runs beside the next sweeps: a mail server that does not answer holds no alert.
    if (changed > 0) options.alerts.requestDelivery?.();
  };
  registerPeriodicJob(app, { name: 'alert sweep', intervalMs: interval, job: sweep });
  done();
};
