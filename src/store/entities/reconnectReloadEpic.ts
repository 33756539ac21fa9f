import type { Action } from '@reduxjs/toolkit';
import { filter, mergeMap, scan } from 'rxjs';
import type { AppEpic } from '../epic';
import { ofAction } from '../operators/ofAction';
import { socketVerified } from '../realtime/realtimeSlice';
import { loggedOut } from '../session/sessionSlice';
import { contactsRequested } from './contactsSlice';
import { devicesRequested } from './devicesSlice';
import { equipmentRequested } from './equipmentSlice';
import { remindersRequested } from './remindersSlice';
import { subscriptionsRequested } from './subscriptionsSlice';
import { wearerRequested } from './wearerSlice';

/**
 * When the member's socket is verified again after a reconnect, the changes pushed while it was away
 * were not heard (spec §7 EntityChanges): the member's wearer, contacts, devices, equipment, reminders
 * and subscriptions are loaded again (the activities catch up through activityRefreshEpic). Not at
 * a session's first verify: `memberLoaded` has just loaded them. Share pages' and the monitor's
 * sockets (`socketKey` set) say nothing of the member's data.
 */
export const memberReconnectReloadEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(socketVerified, loggedOut),
    filter(
      (action) =>
        !socketVerified.match(action) ||
        (action.payload.success && action.payload.socketKey === undefined),
    ),
    // How many times the member's socket was verified this session.
    scan((verifies, action) => (loggedOut.match(action) ? 0 : verifies + 1), 0),
    filter((verifies) => verifies >= 2),
    mergeMap((): Action[] => [
      wearerRequested(),
      contactsRequested(),
      devicesRequested(),
      equipmentRequested(),
      remindersRequested(),
      subscriptionsRequested(),
    ]),
  );
