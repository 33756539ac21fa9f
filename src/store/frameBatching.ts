import { isAction, SHOULD_AUTOBATCH, type Middleware, type UnknownAction } from '@reduxjs/toolkit';

/** Whether `action` asks RTK's autoBatchEnhancer to defer its notification (`prepareAutoBatched`). */
function isAutoBatched(action: UnknownAction): boolean {
  const meta: unknown = action.meta;
  return typeof meta === 'object' && meta !== null && SHOULD_AUTOBATCH in meta;
}

/**
 * One store notification per socket frame (issue 6 item 2: "at most one store notification per
 * animation frame at 1,000 devices × 1 Hz"). A frame's EntityChanges and telemetry actions are
 * auto-batched (src/store/realtime/socketEventActions.ts); the epics react to them within the same
 * task (a detail reload queued, the summaries refresh asked for), and those reactions would each
 * notify at once. This middleware marks every action dispatched in the rest of the task of an
 * auto-batched action as auto-batched too (a copy with `meta[SHOULD_AUTOBATCH]`), so RTK's
 * autoBatchEnhancer (`{ type: 'tick' }`, src/store/store.ts) notifies the subscribers once at the end
 * of the task. Actions of other tasks (a user's input, a timer, a server answer) are left as they are
 * and notify at once. Put it first in the chain, so it sees every dispatch, epics' included.
 *
 * @param endOfTask schedules a callback after the current task (`queueMicrotask`; a fake in tests).
 */
export function frameBatchingMiddleware(
  endOfTask: (callback: () => void) => void = queueMicrotask,
): Middleware {
  let batching = false;
  return () => (next) => (action) => {
    if (!isAction(action)) return next(action);
    const unknownAction = action as UnknownAction;
    if (isAutoBatched(unknownAction)) {
      if (!batching) {
        batching = true;
        endOfTask(() => {
          batching = false;
        });
      }
      return next(action);
    }
    if (!batching) return next(action);
    const meta = typeof unknownAction.meta === 'object' ? unknownAction.meta : {};
    return next({ ...unknownAction, meta: { ...meta, [SHOULD_AUTOBATCH]: true } });
  };
}
