import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { MessageThread } from '../../api/entities/message';
import { combinedReducer } from '../rootReducer';

/** The message threads the app has seen (spec §3 "Message thread"), normalized by MessageThreadID. */
export type MessageThreadsState = EntityState<MessageThread, number>;

const adapter = createEntityAdapter<MessageThread, number>({
  selectId: (thread) => thread.MessageThreadID,
});

export const messageThreadsSlice = createSlice({
  name: 'messageThreads',
  initialState: adapter.getInitialState(),
  reducers: {
    /** A thread as the server answered it (message-load-thread, message-send; spec §7). */
    messageThreadReceived: (state, action: PayloadAction<MessageThread>) => {
      adapter.setOne(state, action.payload);
    },
    /**
     * The thread of `ActivityId` changed on the server (spec §7 "messages refresh on change
     * events"): whoever shows it reloads it (message-load-thread needs the share token of the view).
     * `MessageThreadID` is null when the thread is not known yet.
     */
    messageThreadRefreshRequested: (
      state,
      _action: PayloadAction<{ ActivityId: number; MessageThreadID: number | null }>,
    ) => state,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof messageThreadsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = messageThreadsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectMessageThreadsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const { messageThreadReceived, messageThreadRefreshRequested } = messageThreadsSlice.actions;

type WithThreads = { messageThreads?: MessageThreadsState };
const selectors = adapter.getSelectors((state: WithThreads) => selectMessageThreadsState(state));

/** One thread by MessageThreadID. */
export const selectMessageThreadById = selectors.selectById;

/** The thread of one activity, or null when none is known. */
export const selectMessageThreadOfActivity = createSelector(
  [selectors.selectAll, (_state: WithThreads, activityId: number) => activityId],
  (threads, activityId): MessageThread | null =>
    threads.find((thread) => thread.ActivityId === activityId) ?? null,
);
