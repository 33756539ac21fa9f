import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OutboxMessage } from '../../api/dev';
import { combinedReducer } from '../../store/rootReducer';

/** The development outbox page's state: the recipient filter and what the server sent. */
export interface DevOutboxState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly to: string;
  readonly messages: readonly OutboxMessage[];
  readonly error: string | null;
}

const initialState: DevOutboxState = { status: 'idle', to: '', messages: [], error: null };

export const devOutboxSlice = createSlice({
  name: 'devOutbox',
  initialState,
  reducers: {
    devOutboxRequested: (state, action: PayloadAction<{ to: string }>) => {
      state.status = 'loading';
      state.to = action.payload.to;
    },
    /** Carries the one-time codes the system sent (in `Code` and `Body`): the action log redacts it. */
    devOutboxLoaded: {
      reducer: (state, action: PayloadAction<OutboxMessage[]>) => {
        state.status = 'loaded';
        state.messages = action.payload;
        state.error = null;
      },
      prepare: (messages: OutboxMessage[]) => ({ payload: messages, meta: { sensitive: true } }),
    },
    devOutboxFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  selectors: { selectDevOutbox: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof devOutboxSlice> {}
}

const injected = devOutboxSlice.injectInto(combinedReducer);
export const { devOutboxRequested, devOutboxLoaded, devOutboxFailed } = devOutboxSlice.actions;
export const { selectDevOutbox } = injected.selectors;
