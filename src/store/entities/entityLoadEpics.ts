import type { Action, ActionCreatorWithoutPayload, PayloadActionCreator } from '@reduxjs/toolkit';
import { catchError, defer, from, map, of, switchMap } from 'rxjs';
import type { CallDef, CallRequest, CallResponse } from '../../api/call';
import type { NoRequest } from '../../api/calls/common';
import { getDevices } from '../../api/calls/memberIntegrationDevices';
import { getEmergencyContacts } from '../../api/calls/memberIntegrationContacts';
import { getEquipment } from '../../api/calls/memberIntegrationEquipment';
import { loadMemberWearer } from '../../api/calls/memberIntegrationWearer';
import type { AppEpic } from '../epic';
import { memberApiFor } from '../session/services';
import { memberLoaded } from '../session/sessionSlice';
import { contactsLoadFailed, contactsReceived, contactsRequested } from './contactsSlice';
import { devicesLoadFailed, devicesReceived, devicesRequested } from './devicesSlice';
import { equipmentLoadFailed, equipmentReceived, equipmentRequested } from './equipmentSlice';
import { wearerLoadFailed, wearerReceived, wearerRequested } from './wearerSlice';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/** The empty request of the GET calls below (a generic call's request type stays unresolved). */
const NO_REQUEST = {};

/** How one member-owned collection is loaded: the actions and the GET call of spec §7. */
interface EntityLoad<Call extends CallDef<typeof NoRequest>, Payload> {
  readonly requested: ActionCreatorWithoutPayload;
  readonly call: Call;
  readonly received: PayloadActionCreator<Payload>;
  readonly failed: ActionCreatorWithoutPayload;
  readonly select: (response: CallResponse<Call>) => Payload;
}

/**
 * The two epics of one member-owned collection: a signed-in member's data is loaded once the member
 * is (`memberLoaded` → requested), and each `requested` loads it with the member token — a newer
 * request cancels an older one still in flight (switchMap), so the last answer wins; a logout cancels
 * it too ({@link untilLoggedOut}).
 */
function entityLoadEpics<Call extends CallDef<typeof NoRequest>, Payload>(
  load: EntityLoad<Call, Payload>,
): AppEpic[] {
  const onMember: AppEpic = (action$) =>
    action$.pipe(
      ofAction(memberLoaded),
      map((): Action => load.requested()),
    );
  const onRequest: AppEpic = (action$, state$, deps) =>
    action$.pipe(
      ofAction(load.requested),
      switchMap(() =>
        defer(() =>
          from(
            memberApiFor(() => state$.value, deps).call(load.call, NO_REQUEST as CallRequest<Call>),
          ),
        ).pipe(
          map((response): Action => load.received(load.select(response))),
          catchError(() => of(load.failed())),
          untilLoggedOut(action$),
        ),
      ),
    );
  return [onMember, onRequest];
}

/** Loads the wearer, contacts, devices and equipment of a signed-in member (spec §7 GET calls). */
export const entityEpics: AppEpic[] = [
  ...entityLoadEpics({
    requested: wearerRequested,
    call: loadMemberWearer,
    received: wearerReceived,
    failed: wearerLoadFailed,
    select: (wearer) => wearer,
  }),
  ...entityLoadEpics({
    requested: contactsRequested,
    call: getEmergencyContacts,
    received: contactsReceived,
    failed: contactsLoadFailed,
    select: (response) => response.EmergencyContacts,
  }),
  ...entityLoadEpics({
    requested: devicesRequested,
    call: getDevices,
    received: devicesReceived,
    failed: devicesLoadFailed,
    select: (response) => response.MemberDevices,
  }),
  ...entityLoadEpics({
    requested: equipmentRequested,
    call: getEquipment,
    received: equipmentReceived,
    failed: equipmentLoadFailed,
    select: (response) => response.Equipment,
  }),
];
