import type { Action } from '@reduxjs/toolkit';
import type { SocketEvent } from '../../streams/socket';
import {
  entityChangesReceived,
  socketInitReceived,
  socketStateChanged,
  wearerTelemetryReceived,
} from './realtimeSlice';

/**
 * A socket event as a store action, for the member's socket and a share viewer's alike (spec §7
 * Realtime): connection states, SocketInit, EntityChanges and TelemetryWearerUpdate. Null for an
 * `invalid` event (its payload was refused by the contract at the edge: it changes nothing).
 */
export function socketEventAction(event: SocketEvent): Action | null {
  switch (event.kind) {
    case 'state':
      return socketStateChanged({
        state: event.state,
        socketId: event.socketId,
        ...(event.attempt === undefined ? {} : { attempt: event.attempt }),
      });
    case 'SocketInit':
      return socketInitReceived(event.payload);
    case 'EntityChanges':
      return entityChangesReceived(event.payload);
    case 'TelemetryWearerUpdate':
      return wearerTelemetryReceived(event.payload);
    case 'invalid':
      return null;
  }
}
