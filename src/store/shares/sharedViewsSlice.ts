import {
  createAction,
  createEntityAdapter,
  createSlice,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { Brand } from '../../api/entities/client';
import type { Journey } from '../../api/entities/journey';
import type { SharedMemberDetails } from '../../api/entities/share';
import { combinedReducer } from '../rootReducer';
import {
  sharedJourneyActivityFailed,
  sharedJourneyActivityRequested,
} from './sharedJourneyActions';

/**
 * Where one opened share link stands (spec app §2 /share/activity|journey/{shareToken}, §7 "Shared
 * viewing"): `loading` until activity-sharing answers; `loaded` with the shared activity's id (its
 * detail and track live in the activity slices) or the shared journey; `notFound` for an unknown,
 * expired, revoked or tampered token (one answer for all, issue 8 item 1: no oracle); `failed` when the
 * server could not be reached (the view may retry).
 */
export type SharedViewStatus = 'loading' | 'loaded' | 'notFound' | 'failed';

/** One opened share link, keyed by its ShareToken. */
export interface SharedView {
  readonly ShareToken: string;
  /** The link's one-time code (`totp` query value), when it had one. */
  readonly ShareTotp: string | null;
  readonly status: SharedViewStatus;
  /** The shared activity, for an activity share. */
  readonly ActivityId: number | null;
  /** The shared journey, for a journey share. */
  readonly Journey: Journey | null;
  /** What may be shown of the wearer. */
  readonly MemberDetails: SharedMemberDetails | null;
  /**
   * The wearer's client's brand (member-integration-client/{ClientID} on the token's host; issue 8
   * item 2), null until it answered (the default brand shows meanwhile).
   */
  readonly Brand: Brand | null;
  /**
   * The journey's activities whose track failed to load (shared-journey-activity; their request again
   * clears them): the page says so and offers to try again.
   */
  readonly FailedActivityIds: readonly number[];
}

/** The opened share links, normalized by ShareToken. */
export type SharedViewsState = EntityState<SharedView, string>;

const adapter = createEntityAdapter<SharedView, string>({ selectId: (view) => view.ShareToken });

/** A viewer opened a share link (or asked to check it again): load it, then follow it live. */
export const sharedViewRequested = createAction<{ ShareToken: string; ShareTotp?: string }>(
  'sharedViews/sharedViewRequested',
);

export const sharedViewsSlice = createSlice({
  name: 'sharedViews',
  initialState: adapter.getInitialState(),
  reducers: {
    /** activity-sharing answered: the share is valid; its activity detail was loaded alongside. */
    sharedViewLoaded: (
      state,
      {
        payload,
      }: PayloadAction<{
        ShareToken: string;
        ActivityId: number | null;
        Journey: Journey | null;
        MemberDetails: SharedMemberDetails;
      }>,
    ) => {
      const previous = state.entities[payload.ShareToken];
      adapter.setOne(state, {
        ShareToken: payload.ShareToken,
        ShareTotp: previous?.ShareTotp ?? null,
        status: 'loaded',
        ActivityId: payload.ActivityId,
        Journey: payload.Journey,
        MemberDetails: payload.MemberDetails,
        Brand: previous?.Brand ?? null,
        FailedActivityIds: previous?.FailedActivityIds ?? [],
      });
    },
    /** The brand of the share's client answered. */
    sharedViewBrandLoaded: (
      state,
      { payload }: PayloadAction<{ ShareToken: string; Brand: Brand }>,
    ) => {
      const view = state.entities[payload.ShareToken];
      if (view) view.Brand = payload.Brand;
    },
    /** The share is not (or no longer) valid: the view shows share-not-found and stops following. */
    sharedViewNotFound: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      const view = state.entities[payload.ShareToken];
      if (view) {
        view.status = 'notFound';
        view.ActivityId = null;
        view.Journey = null;
        view.MemberDetails = null;
      } else adapter.setOne(state, { ...blank(payload.ShareToken, null), status: 'notFound' });
    },
    /** The share could not be loaded (no answer); what was shown stays. */
    sharedViewLoadFailed: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      const view = state.entities[payload.ShareToken];
      if (view && view.status === 'loading') view.status = 'failed';
    },
    /** The viewer left the share view: stop following it. */
    sharedViewClosed: (state, { payload }: PayloadAction<{ ShareToken: string }>) => {
      adapter.removeOne(state, payload.ShareToken);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sharedJourneyActivityFailed, (state, { payload }) => {
      const view = state.entities[payload.ShareToken];
      if (view && !view.FailedActivityIds.includes(payload.ActivityId)) {
        view.FailedActivityIds = [...view.FailedActivityIds, payload.ActivityId];
      }
    });
    builder.addCase(sharedJourneyActivityRequested, (state, { payload }) => {
      const view = state.entities[payload.ShareToken];
      if (view?.FailedActivityIds.includes(payload.ActivityId)) {
        view.FailedActivityIds = view.FailedActivityIds.filter((id) => id !== payload.ActivityId);
      }
    });
    builder.addCase(sharedViewRequested, (state, { payload }) => {
      const view = state.entities[payload.ShareToken];
      if (view) {
        // A view whose load failed shows its loading screen again while the retry runs.
        if (view.status === 'failed') view.status = 'loading';
        return;
      }
      adapter.setOne(state, blank(payload.ShareToken, payload.ShareTotp ?? null));
    });
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof sharedViewsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = sharedViewsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectSharedViewsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

function blank(ShareToken: string, ShareTotp: string | null): SharedView {
  return {
    ShareToken,
    ShareTotp,
    status: 'loading',
    ActivityId: null,
    Journey: null,
    MemberDetails: null,
    Brand: null,
    FailedActivityIds: [],
  };
}

export const {
  sharedViewLoaded,
  sharedViewBrandLoaded,
  sharedViewNotFound,
  sharedViewLoadFailed,
  sharedViewClosed,
} = sharedViewsSlice.actions;

type WithSharedViews = { readonly sharedViews?: SharedViewsState };
const selectors = adapter.getSelectors((state: WithSharedViews) => selectSharedViewsState(state));

/** One opened share link by its token, undefined before it was requested. */
export const selectSharedView = selectors.selectById;
/** Every opened share link (the operator monitor's cards). */
export const selectAllSharedViews = selectors.selectAll;
