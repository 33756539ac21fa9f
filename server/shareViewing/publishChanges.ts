import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EntityChanges } from '../../src/api/socket';

/** Publishes one committed batch of a member's EntityChanges; never throws. */
export type ChangePublisher = (
  memberId: number,
  changes: EntityChanges,
  log: FastifyBaseLogger,
) => void;

/**
 * The {@link ChangePublisher} of `app`: `app.realtime.publishEntityChanges` (server/realtime/
 * publisher.ts: the member's room `member:{id}`, and each change's `activity:{ActivityId}` room, where
 * an activity share's viewers listen) when the realtime plugin is registered, else nothing. Call it
 * only after the change committed. A publishing failure is logged and swallowed: the change stands,
 * and clients catch up on their next reload.
 */
export function realtimeChangePublisher(app: FastifyInstance): ChangePublisher {
  return (memberId, changes, log) => {
    if (!app.hasDecorator('realtime')) return;
    try {
      app.realtime.publishEntityChanges(memberId, changes);
    } catch (error) {
      log.error({ err: error, memberId }, 'share viewing: publishing to sockets failed');
    }
  };
}
