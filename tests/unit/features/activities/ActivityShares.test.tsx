// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of, throwError, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberShare } from '../../../../src/api/calls/memberIntegrationShares';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityShares } from '../../../../src/features/activities/components/ActivityShares';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor } from '../../../../src/ui/format';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';
import { serverClockAhead } from '../../support/serverClock';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const URL = 'http://127.0.0.1:8080/share/activity/t0k3n';
const format = formatterFor(DEFAULT_UNITS, 'en');

/** A member whose share calls a list in memory answers at once; `sent` records each call. */
function renderShares(listFailures = 0) {
  const shares: MemberShare[] = [];
  let lists = 0;
  const sent: [string, unknown][] = [];
  const answers: Record<string, (request: never) => unknown> = {
    'share-list': () => ({ Shares: [...shares] }),
    'share-activity': (request: { ActivityId: number }) => {
      shares.unshift({
        ShareId: `share-id-number-${shares.length}-xx`,
        Kind: 'activity',
        ActivityId: request.ActivityId,
        JourneyStart: null,
        JourneyEnd: null,
        CreatedTimestamp: Date.now(),
        ExpiryTimestamp: Date.now() + 86_400_000,
        RevokedTimestamp: null,
        HasTotp: false,
        ShareUrl: URL,
      });
      return {
        ShareId: shares[0]?.ShareId,
        ShareToken: 'a.b.c',
        ShareUrl: URL,
        ExpiryTimestamp: Date.now() + 86_400_000,
        TotpSecret: null,
      };
    },
    'share-revoke': (request: { ShareId: string }) => {
      const index = shares.findIndex((s) => s.ShareId === request.ShareId);
      const found = shares[index];
      if (found) shares[index] = { ...found, RevokedTimestamp: Date.now(), ShareUrl: null };
      return { RevokeStatus: true };
    },
  };
  const calls: MemberCalls = {
    call: (def, request) => {
      sent.push([def.name, request]);
      if (def.name === 'share-list' && (lists += 1) <= listFailures) {
        return throwError(() => new Error('offline'));
      }
      return of(answers[def.name]?.(request as never)) as Observable<never>;
    },
  };
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({ memberCalls: () => calls }),
  });
  renderRoutesAt(
    store,
    [{ path: '/member/activity/7', element: <ActivityShares activityId={7} format={format} /> }],
    '/member/activity/7',
  );
  return { sent, store };
}

describe('share links of an activity (issue 8 item 1: members create and revoke shares)', () => {
  it('says when the links could not be loaded, and loads them again on Try again', async () => {
    const { sent } = renderShares(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your share links could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(sent.filter(([name]) => name === 'share-list')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('creates a link for the chosen time, shows it, and revokes it', async () => {
    const { sent } = renderShares();
    expect(await screen.findByText('No share links yet.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Link works for'), '1 day');
    await userEvent.click(screen.getByRole('button', { name: 'Create a share link' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(URL);
    const create = sent.find(([name]) => name === 'share-activity')?.[1] as {
      ExpiryTimestamp: number;
      WithTotp: boolean;
    };
    expect(create.WithTotp).toBe(false);
    expect(Math.abs(create.ExpiryTimestamp - (Date.now() + 86_400_000))).toBeLessThan(120_000);

    const list = await screen.findByRole('list', { name: 'Share links of this activity' });
    // Each link says when it was made, so several can be told apart.
    expect(within(list).getByText(/^Created \d{4}-\d{2}-\d{2} \d{2}:\d{2} · Active/)).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Copy link' })).toBeVisible();
    // A revoke asks first; keeping the link sends nothing.
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Keep it' }));
    expect(sent.filter(([name]) => name === 'share-revoke')).toHaveLength(0);
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke the link' }));
    expect(await within(list).findByText(/· Revoked/)).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(sent.filter(([name]) => name === 'share-revoke')).toHaveLength(1);
  });

  it("sets the expiry on the server's clock: a member's clock 2 hours behind still gives a 1-day link", async () => {
    const { sent, store } = renderShares();
    expect(await screen.findByText('No share links yet.')).toBeVisible();
    act(() => {
      store.dispatch(serverClockAhead(2 * 3_600_000, Date.now(), 'http://127.0.0.1:8080'));
    });
    await userEvent.selectOptions(screen.getByLabelText('Link works for'), '1 day');
    await userEvent.click(screen.getByRole('button', { name: 'Create a share link' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(URL);
    const create = sent.find(([name]) => name === 'share-activity')?.[1] as {
      ExpiryTimestamp: number;
    };
    const serverNow = Date.now() + 2 * 3_600_000;
    expect(Math.abs(create.ExpiryTimestamp - (serverNow + 86_400_000))).toBeLessThan(120_000);
  });
});
