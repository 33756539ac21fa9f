import { describe, expect, it } from 'vitest';
import type { MemberShare } from '../../../../src/api/calls/memberIntegrationShares';
import {
  memberSharesEpics,
  SHARE_CREATE_FAILED_KEY,
  SHARE_REVOKE_FAILED_KEY,
  SHARE_REVOKED_KEY,
} from '../../../../src/store/shares/memberSharesEpics';
import {
  memberShareCreateRequested,
  memberShareRevokeRequested,
  memberSharesRequested,
  selectMemberShares,
  sharesOfActivity,
} from '../../../../src/store/shares/memberSharesSlice';
import {
  answer,
  callsOf,
  failure,
  inVirtualTime,
  startStore,
  T0,
} from '../activities/activityTestKit';

const SHARE_ID = 'GUyECwHboBwtaqqWCkAb2g';
const URL = 'https://c2.lifeline.example/share/activity/t0k3n';

function share(over: Partial<MemberShare> = {}): MemberShare {
  return {
    ShareId: SHARE_ID,
    Kind: 'activity',
    ActivityId: 7,
    JourneyStart: null,
    JourneyEnd: null,
    CreatedTimestamp: T0,
    ExpiryTimestamp: T0 + 7 * 86_400_000,
    RevokedTimestamp: null,
    HasTotp: false,
    ShareUrl: URL,
    ...over,
  };
}

const notices = (types: readonly { type: string; payload?: unknown }[]) =>
  types
    .filter((a) => a.type === 'notifications/notificationShown')
    .map((a) => (a.payload as { key: string }).key);

describe('the member’s share links (issue 8 item 1: members create and revoke shares)', () => {
  it('creates a share, shows its link and TOTP secret once, and reloads the list', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      let listed: MemberShare[] = [];
      const kit = startStore(scheduler, {
        epics: memberSharesEpics,
        calls: {
          'share-list': () => answer(10, { Shares: listed }),
          'share-activity': () => {
            listed = [share({ HasTotp: true })];
            return answer(20, {
              ShareId: SHARE_ID,
              ShareToken: 'a.b.c',
              ShareUrl: URL,
              ExpiryTimestamp: T0 + 3_600_000,
              TotpSecret: 'JBSWY3DPEHPK3PXP',
            });
          },
        },
      });
      kit.drive(
        hot('a 99ms c c', {
          a: memberSharesRequested(),
          c: memberShareCreateRequested({
            ActivityId: 7,
            ExpiryTimestamp: T0 + 3_600_000,
            WithTotp: true,
          }),
        }),
      );
      flush();
      // The second click, while the first call runs, is ignored.
      expect(callsOf(kit.calls, 'share-activity')).toEqual([
        [100, { ActivityId: 7, ExpiryTimestamp: T0 + 3_600_000, WithTotp: true }],
      ]);
      expect(callsOf(kit.calls, 'share-list').map(([at]) => at)).toEqual([0, 120]);
      const state = selectMemberShares(kit.store.getState());
      expect(state.created).toEqual({
        ShareId: SHARE_ID,
        ActivityId: 7,
        ShareUrl: URL,
        ExpiryTimestamp: T0 + 3_600_000,
        TotpSecret: 'JBSWY3DPEHPK3PXP',
      });
      expect(state.creating).toBe(false);
      expect(sharesOfActivity(state.shares, 7)).toEqual([share({ HasTotp: true })]);
      expect(sharesOfActivity(state.shares, 8)).toEqual([]);
    });
  });

  it('revokes a share: a notice, the list reloaded, the button free again', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const seen: { type: string; payload?: unknown }[] = [];
      const kit = startStore(scheduler, {
        epics: memberSharesEpics,
        calls: {
          'share-revoke': () => answer(30, { RevokeStatus: true }),
          'share-list': () => answer(10, { Shares: [share({ RevokedTimestamp: T0 })] }),
        },
      });
      kit.actions$.subscribe((action) => seen.push(action));
      kit.drive(hot('r', { r: memberShareRevokeRequested({ ShareId: SHARE_ID }) }));
      scheduler.schedule(() => {
        expect(selectMemberShares(kit.store.getState()).revoking).toEqual([SHARE_ID]);
      }, 10);
      flush();
      expect(callsOf(kit.calls, 'share-revoke')).toEqual([[0, { ShareId: SHARE_ID }]]);
      expect(callsOf(kit.calls, 'share-list').map(([at]) => at)).toEqual([30]);
      expect(notices(seen)).toEqual([SHARE_REVOKED_KEY]);
      const state = selectMemberShares(kit.store.getState());
      expect(state.revoking).toEqual([]);
      expect(state.shares?.[0]?.RevokedTimestamp).toBe(T0);
    });
  });

  it('says so when creating, revoking or listing fails, and changes nothing', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const seen: { type: string; payload?: unknown }[] = [];
      const kit = startStore(scheduler, {
        epics: memberSharesEpics,
        calls: {
          'share-activity': () => failure(10),
          'share-revoke': () => answer(10, { RevokeStatus: false, ErrorCode: 'UNKNOWN' }),
          'share-list': () => failure(10),
        },
      });
      kit.actions$.subscribe((action) => seen.push(action));
      kit.drive(
        hot('c 9ms r 9ms l', {
          c: memberShareCreateRequested({ ActivityId: 7, ExpiryTimestamp: null, WithTotp: false }),
          r: memberShareRevokeRequested({ ShareId: SHARE_ID }),
          l: memberSharesRequested(),
        }),
      );
      flush();
      expect(notices(seen)).toEqual([SHARE_CREATE_FAILED_KEY, SHARE_REVOKE_FAILED_KEY]);
      expect(selectMemberShares(kit.store.getState())).toEqual({
        shares: null,
        status: 'failed',
        created: null,
        creating: false,
        revoking: [],
      });
    });
  });
});
