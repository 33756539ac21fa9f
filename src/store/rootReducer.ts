import { combineSlices, type Action } from '@reduxjs/toolkit';
import { clientSlice } from './client/clientSlice';
import { contactsSlice } from './entities/contactsSlice';
import { devicesSlice } from './entities/devicesSlice';
import { equipmentSlice } from './entities/equipmentSlice';
import { remindersSlice } from './entities/remindersSlice';
import { subscriptionsSlice } from './entities/subscriptionsSlice';
import { networkSlice } from './network/networkSlice';
import { wearerSlice } from './entities/wearerSlice';
import { notificationsSlice } from './notifications/notificationsSlice';
import { liveWearersSlice } from './realtime/liveWearersSlice';
import { realtimeSlice } from './realtime/realtimeSlice';
import { inactivitySlice } from './session/inactivitySlice';
import { loggedOut, sessionSlice } from './session/sessionSlice';
import { preferencesSlice } from './slices/preferencesSlice';
import { runtimeConfigSlice } from './slices/runtimeConfigSlice';
import { unitPreferenceSlice } from './units/unitPreferenceSlice';

/**
 * Slices that features inject when their module loads (`slice.injectInto(combinedReducer)`); each
 * feature adds its slice to this interface by declaration merging, e.g.
 * `declare module '../../store/rootReducer' { interface LazyLoadedSlices extends WithSlice<typeof authSlice> {} }`.
 */
export interface LazyLoadedSlices {}

/** Every slice of the store; feature slices are injected lazily (see {@link LazyLoadedSlices}). */
export const combinedReducer = combineSlices(
  runtimeConfigSlice,
  preferencesSlice,
  unitPreferenceSlice,
  sessionSlice,
  inactivitySlice,
  notificationsSlice,
  clientSlice,
  wearerSlice,
  contactsSlice,
  devicesSlice,
  equipmentSlice,
  remindersSlice,
  subscriptionsSlice,
  networkSlice,
  realtimeSlice,
  liveWearersSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof combinedReducer>;

/**
 * What survives a logout: the runtime configuration, this browser's preferences and network state,
 * and a guardian's open shared views with their messages and searchlight (spec §4 "On logout
 * everything is cleared and the user goes home, unless a shared activity is being viewed"): a share
 * is not the member's data, and its page stays open.
 */
const KEPT_ON_LOGOUT = [
  'runtimeConfig',
  'preferences',
  'unitPreference',
  'network',
  'sharedViews',
  'searchlight',
  'shareActions',
  'monitor',
  'landCells',
  // Its own logout case resets the member's socket and keeps the share pages' and the monitor's
  // sockets with the server clock offset and start times (realtimeSlice.ts).
  'realtime',
] as const;

/**
 * The root reducer. On `loggedOut` everything the member owned is cleared (spec §4 "On logout
 * everything is cleared"): every slice restarts from its initial state except those of
 * {@link KEPT_ON_LOGOUT}; the shared views then reload what they show (sharedViewEpics.ts).
 */
export function rootReducer(state: Partial<RootState> | undefined, action: Action): RootState {
  if (state && loggedOut.match(action)) {
    const kept: Partial<RootState> = Object.fromEntries(
      KEPT_ON_LOGOUT.filter((key) => key in state).map((key) => [key, state[key]]),
    );
    return combinedReducer(kept, action);
  }
  return combinedReducer(state, action);
}
