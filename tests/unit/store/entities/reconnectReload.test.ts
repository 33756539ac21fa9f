import { describe, expect, it } from 'vitest';
import { memberReconnectReloadEpic } from '../../../../src/store/entities/reconnectReloadEpic';
import { shareSocketKey, socketVerified } from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { testDependencies } from '../testDependencies';

/** The `…Requested` actions the store saw, in order. */
function requests(store: ReturnType<typeof createAppStore>): string[] {
  return store.actionLog
    .entries()
    .map((entry) => entry.action.type)
    .filter((type) => type.endsWith('Requested'));
}

describe('the member’s data after a reconnect (src/store/entities/reconnectReloadEpic.ts)', () => {
  it('loads it again when the member’s socket is verified again, not at the first verify', () => {
    const store = createAppStore({
      dependencies: testDependencies(),
      epics: [memberReconnectReloadEpic],
    });
    const verified = (socketId: string) => socketVerified({ socketId, success: true });
    store.dispatch(verified('first'));
    expect(requests(store)).toEqual([]);
    // A share page's socket, and a refused verify, say nothing of the member's data.
    store.dispatch(
      socketVerified({ socketId: 's', success: true, socketKey: shareSocketKey('t') }),
    );
    store.dispatch(socketVerified({ socketId: 'x', success: false }));
    expect(requests(store)).toEqual([]);
    store.dispatch(verified('again'));
    expect(requests(store)).toEqual([
      'wearer/wearerRequested',
      'contacts/contactsRequested',
      'devices/devicesRequested',
      'equipment/equipmentRequested',
      'reminders/remindersRequested',
      'subscriptions/subscriptionsRequested',
    ]);
    // A new session starts counting again.
    store.dispatch(loggedOut({ reason: 'user' }));
    store.dispatch(verified('next session'));
    expect(requests(store)).toHaveLength(6);
  });
});
