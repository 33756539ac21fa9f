import { from, mergeMap } from 'rxjs';
import type { MessageThread } from '../../api/entities/message';
import type { EntityChange } from '../../api/socket';
import type { AppEpic } from '../epic';
import type { RootState } from '../rootReducer';
import { changesOf } from './entityChanges';
import { messageThreadRefreshRequested, selectMessageThreadsState } from './messageThreadsSlice';

/** The known thread a change concerns: by thread id, by one of its messages, or by its activity. */
function threadOf(state: RootState, change: EntityChange): MessageThread | undefined {
  const threads = Object.values(selectMessageThreadsState(state).entities);
  if (change.EntityType === 'MessageThread') {
    return selectMessageThreadsState(state).entities[change.EntityId];
  }
  return (
    threads.find((thread) => thread.Messages.some((m) => m.MessageID === change.EntityId)) ??
    threads.find((thread) => thread.ActivityId === change.ActivityId)
  );
}

/**
 * EntityChanges of MessageThread (id: MessageThreadID) and MessageWearer (id: the message's
 * MessageID: delivered, seen, replied) ask for a refresh of the owning thread (spec §7 "messages
 * refresh on change events"): `messageThreadRefreshRequested({ ActivityId, MessageThreadID })`, once
 * per activity and batch. A change whose activity is neither given nor known is dropped.
 */
export const messageThreadChangeEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    changesOf('MessageThread', 'MessageWearer'),
    mergeMap((changes) => {
      const byActivity = new Map<number, number | null>();
      for (const change of changes) {
        const thread = threadOf(state$.value, change);
        const activityId = change.ActivityId ?? thread?.ActivityId;
        if (activityId === undefined) continue;
        const threadId =
          change.EntityType === 'MessageThread'
            ? change.EntityId
            : (thread?.MessageThreadID ?? byActivity.get(activityId) ?? null);
        byActivity.set(activityId, threadId);
      }
      return from(
        [...byActivity].map(([ActivityId, MessageThreadID]) =>
          messageThreadRefreshRequested({ ActivityId, MessageThreadID }),
        ),
      );
    }),
  );
