// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of, throwError, type Observable } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../../src/api/call';
import { HttpError, NetworkError } from '../../../../src/api/client/apiErrors';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import { initI18n } from '../../../../src/app/i18n';
import { ActivitiesPage } from '../../../../src/features/activities/pages/ActivitiesPage';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const DAY = 86_400_000;

/** A finished activity of `type` that started `daysAgo` days ago and lasted 30 minutes. */
function activity(id: number, daysAgo: number, type: ActivitySummary['ActivityType']) {
  const start = Date.now() - daysAgo * DAY;
  return {
    ActivityId: id,
    ActivityType: type,
    TimestampStart: start,
    TimestampEnd: start + 30 * 60_000,
    ActivityStats: {
      Distance: { Displayed: 4200, Meters: 4200, Type: 'GNSS' as const },
      DurationMs: 30 * 60_000,
      SpeedAvgMPS: 2.3,
      SpeedMaxMPS: 3.1,
    },
  };
}

/**
 * /member/activities over member calls answered from `activities` (each summaries call gets those
 * of its window; an Error: every summaries call fails with it) and `historic` (the
 * has-historic-activity answer; null: the call fails).
 */
function renderList(activities: ActivitySummary[] | Error, historic: boolean | null) {
  const asked: string[] = [];
  const calls: MemberCalls = {
    call: (def: CallDef, request: unknown): Observable<never> => {
      asked.push(def.name);
      if (def.name === 'member-wearer-activity-summaries') {
        if (activities instanceof Error) return throwError(() => activities);
        const { TimeStart, TimeEnd } = request as { TimeStart: number; TimeEnd: number };
        return of({
          Activities: activities.filter(
            (a) => a.TimestampStart <= TimeEnd && (a.TimestampEnd ?? Infinity) >= TimeStart,
          ),
        }) as Observable<never>;
      }
      if (def.name === 'member-wearer-has-historic-activity' && historic !== null) {
        return of({ HasHistoricActivity: historic }) as Observable<never>;
      }
      return throwError(() => new Error('offline'));
    },
  };
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({ memberCalls: () => calls }),
  });
  renderRoutesAt(
    store,
    [{ path: '/member/activities', element: <ActivitiesPage /> }],
    '/member/activities',
  );
  return { asked };
}

const rows = () => screen.queryAllByRole('link').map((link) => link.textContent);

describe('the activities list page (issue 7 item 2; spec §2 /member/activities)', () => {
  it('lists the last 30 days newest first, and groups them by date', async () => {
    renderList(
      [activity(1, 2, 'HIKING'), activity(2, 10, 'KAYAKING'), activity(3, 200, 'SAILING')],
      true,
    );
    await screen.findAllByRole('link');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('Hiking');
    expect(rows()[1]).toContain('Kayaking');
    await userEvent.click(screen.getByRole('radio', { name: 'Date' }));
    // One section per day, each under its week's heading (weeks start on Monday).
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(1);
  });

  it('shows older activities when the filter widens', async () => {
    renderList([activity(1, 2, 'HIKING'), activity(3, 200, 'SAILING')], true);
    await screen.findAllByRole('link');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Last365Days');
    expect(await screen.findByRole('link', { name: /Sailing/ })).toBeVisible();
    expect(rows()).toHaveLength(2);
  });

  it('an empty period of a member with older activities offers All Time', async () => {
    const { asked } = renderList([activity(3, 200, 'SAILING')], true);
    expect(await screen.findByText('No activities in this period.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(await screen.findByRole('link', { name: /Sailing/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('AllTime');
    expect(asked.filter((name) => name === 'member-wearer-has-historic-activity')).toHaveLength(1);
  });

  it('tells a member who never recorded an activity how one gets here', async () => {
    renderList([], false);
    expect(
      await screen.findByText(
        'You have not recorded an activity yet. Start one on your watch or phone app and it appears here.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show all time' })).toBeNull();
  });

  it('says only that the period is empty when it cannot tell', async () => {
    renderList([], null);
    const empty = await screen.findByText('No activities in this period.');
    expect(within(empty.parentElement ?? document.body).queryByRole('button')).toBeNull();
  });

  for (const failure of [
    new HttpError('member-wearer-activity-summaries', 400, 'REQUEST_INVALID', 'Bad window'),
    new HttpError('member-wearer-activity-summaries', 500, 'UNKNOWN', 'Unknown'),
    new NetworkError('member-wearer-activity-summaries', new TypeError('Failed to fetch')),
  ]) {
    it(`says the list could not be loaded (${failure.message})`, async () => {
      const { asked } = renderList(failure, true);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your activities could not be loaded.',
      );
      expect(rows()).toHaveLength(0);
      const loads = () => asked.filter((name) => name === 'member-wearer-activity-summaries');
      const before = loads().length;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(loads()).toHaveLength(before + 1);
    });
  }

  describe('a list left open over midnight', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('takes the time anew when a filter is chosen: Today is the new day', async () => {
      // Opened at 23:00 UTC (the list's dates show in UTC); an activity starts at 00:10 and the
      // member chooses Today at 00:30.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 21, 23) });
      const early = {
        ...activity(7, 0, 'RUNNING'),
        TimestampStart: Date.UTC(2026, 10, 22, 0, 10),
        TimestampEnd: Date.UTC(2026, 10, 22, 0, 20),
      };
      renderList([early], true);
      expect(await screen.findByText('No activities in this period.')).toBeVisible();
      vi.setSystemTime(Date.UTC(2026, 10, 22, 0, 30));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Today');
      expect(await screen.findByRole('link', { name: /Running/ })).toBeVisible();
    });
  });
});
