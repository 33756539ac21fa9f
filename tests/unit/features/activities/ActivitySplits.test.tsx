// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNITS, type Units } from '../../../../src/api/entities/client';
import type { SplitsSettings } from '../../../../src/api/entities/splits';
import { initI18n } from '../../../../src/app/i18n';
import { ActivitySplits } from '../../../../src/features/activities/components/ActivitySplits';
import { selectActivityDetail } from '../../../../src/store/activities/activityDetailsSelectors';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import { useAppSelector } from '../../../../src/store/hooks';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor, measureText, type Measure } from '../../../../src/ui/format';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { equatorActivity, loadDetail } from './activityTrack';
import i18next from 'i18next';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const text = (measure: Measure) => measureText(measure, i18next.t.bind(i18next));

/** The tab as the detail page shows it: the saved settings come from the store's detail. */
function SplitsOfStore({ units }: { units: Units }) {
  const saved = useAppSelector((state) => selectActivityDetail(state, 7)?.SplitsSettings ?? null);
  return (
    <ActivitySplits activityId={7} saved={saved} format={formatterFor(units, 'en')} text={text} />
  );
}

/**
 * The Splits tab of activity 7 (2.5 km east along the equator, 5 m/s, climbing 2 m per 50 m) with
 * `saved` settings, member-wearer-activity-splits answering `UpdateSuccess: true`.
 */
function renderSplits(
  saved: SplitsSettings | null,
  units: Units = DEFAULT_UNITS,
  heartRate?: (i: number) => number | null,
) {
  const sent: [string, unknown][] = [];
  const calls: MemberCalls = {
    call: (def, request) => {
      sent.push([def.name, request]);
      return of({ UpdateSuccess: true }) as Observable<never>;
    },
  };
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({ memberCalls: () => calls }),
  });
  loadDetail(store, equatorActivity(7, 51, saved, heartRate));
  renderRoutesAt(
    store,
    [{ path: '/member/activity/7', element: <SplitsOfStore units={units} /> }],
    '/member/activity/7',
  );
  return { sent };
}

/** The table's body rows as cell texts. */
function tableRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('the Splits tab (issue 7 item 3; app §5 splits rules, §7 member-wearer-activity-splits)', () => {
  it('shows the columns of the spec in the member’s units for the saved settings', () => {
    renderSplits({ SplitType: 'DISTANCE_KM', Distance: 1 });
    expect(screen.getByRole('table', { name: 'Splits every 1 km' })).toBeVisible();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Split', 'Distance', 'Elevation', 'Average heart rate', 'Average speed']);
    expect(tableRows()).toEqual([
      ['1', '1.00 km', '40 m', '–', '18.0 km/h'],
      ['2', '1.00 km', '40 m', '–', '18.0 km/h'],
      ['3', '500 m', '20 m', '–', '18.0 km/h'],
    ]);
  });

  it('averages the heart rate of each split over its fixes that have one, blank where none has', () => {
    // 120 bpm rising by 1 a fix; the second kilometre (fixes 20–39) recorded none.
    renderSplits({ SplitType: 'DISTANCE_KM', Distance: 1 }, DEFAULT_UNITS, (i) =>
      i >= 20 && i < 40 ? null : 120 + i,
    );
    // Split 1 holds fixes 0–19 (the cut at 1 km is fix 20, which opens split 2): mean 129.5 → 130;
    // split 3 holds fixes 40–50: mean 165.
    expect(tableRows().map((cells) => cells[3])).toEqual(['130 bpm', '–', '165 bpm']);
  });

  it('follows imperial units and time splits', () => {
    renderSplits(
      { SplitType: 'TIME_MINUTES', Time: 5 },
      { ...DEFAULT_UNITS, Distance: 'mi', Height: 'in', Speed: 'mph' },
    );
    expect(screen.getByRole('table', { name: 'Splits every 5 minutes' })).toBeVisible();
    // 5 minutes at 5 m/s: 1500 m (0.93 mi), 30 fixes × 2 m = 60 m higher (197 ft); then 1000 m in 200 s.
    expect(tableRows()).toEqual([
      ['1', '0.93 mi', '197 ft', '–', '11.2 mph'],
      ['2', '0.62 mi', '131 ft', '–', '11.2 mph'],
    ]);
  });

  it('refuses values outside the spec’s rules with translated messages and sends nothing', async () => {
    const { sent } = renderSplits(null);
    expect(screen.getByText(/Choose how to split this activity/)).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save splits' });
    const distance = screen.getByLabelText('Every (km)');
    for (const [typed, message] of [
      ['150', 'Cannot be more than 100'],
      ['0.05', 'Cannot be less than 0.1'],
      ['abc', 'Invalid number'],
      ['0', 'Required'],
    ] as const) {
      await userEvent.clear(distance);
      await userEvent.type(distance, typed);
      await userEvent.click(save);
      expect(await screen.findByText(message)).toBeVisible();
      expect(distance).toHaveAttribute('aria-invalid', 'true');
    }
    await userEvent.selectOptions(screen.getByLabelText('Split by'), 'Time (minutes)');
    const time = screen.getByLabelText('Every (minutes)');
    await userEvent.clear(time);
    await userEvent.type(time, '61');
    await userEvent.click(save);
    expect(await screen.findByText('Cannot be more than 60')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('saves valid settings through the store, and the table follows at once', async () => {
    const { sent } = renderSplits(null);
    const distance = screen.getByLabelText('Every (km)');
    await userEvent.clear(distance);
    await userEvent.type(distance, '1,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save splits' }));
    expect(await screen.findByRole('table', { name: 'Splits every 1.5 km' })).toBeVisible();
    expect(tableRows().map((row) => row[1])).toEqual(['1.50 km', '1.00 km']);
    expect(sent).toEqual([
      [
        'member-wearer-activity-splits',
        { ActivityId: 7, SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: 1.5 } },
      ],
    ]);
  });
});
