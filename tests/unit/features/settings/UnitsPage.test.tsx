// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UNITS, type Client } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityDetailPage } from '../../../../src/features/activities/pages/ActivityDetailPage';
import { UnitsPage } from '../../../../src/features/settings/units/UnitsPage';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import { UNITS_STORAGE_KEY } from '../../../../src/store/units/unitOverrides';
import { selectUnitOverrides } from '../../../../src/store/units/unitPreferenceSlice';
import { createStorage } from '../../../../src/streams/storage';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testClient } from '../../store/testDependencies';
import { equatorActivity, loadDetail } from '../activities/activityTrack';
import { settingsStore } from './settingsTestKit';

// The map needs WebGL, which jsdom lacks: the figures above it are what these tests read.
vi.mock('../../../../src/features/activities/components/ReplayMap', () => ({
  default: () => <div data-testid="replay-map" />,
}));

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

/** A client whose organisation shows times in its own zone, Oslo. */
const osloClient: Client = {
  ...testClient,
  Units: { ...DEFAULT_UNITS, Time: 'Client Timezone', Timezone: 'Europe/Oslo' },
};

/** This browser's storage, readable by the test. */
function memoryBackend(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => {
      data.clear();
    },
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

/**
 * The units page and activity 7's detail (equatorActivity: 2.5 km at 5 m/s, loaded already; the
 * store's own loads never answer), for a signed-in member of `client`, starting at `path`.
 */
function renderMemberPages(path: string, client: Client = testClient) {
  const backend = memoryBackend();
  const calls: MemberCalls = { call: () => NEVER };
  const { store } = settingsStore({
    client,
    deps: { memberCalls: () => calls, storage: createStorage(backend) },
  });
  loadDetail(store, equatorActivity(7, 0));
  const { router } = renderRoutesAt(
    store,
    [
      { path: '/member/units', element: <UnitsPage /> },
      { path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> },
    ],
    path,
  );
  return { store, router, backend, user: userEvent.setup() };
}

/** The figure of the activity's header named `name` ("Distance", "Average speed" …). */
function figure(name: string): string {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function previewOf(name: string): string {
  const preview = within(screen.getByRole('region', { name: 'Preview' }));
  return preview.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('the units page (issue 7 item 6: switch units, every number follows)', () => {
  it('switching Distance to mi and Speed to kts changes the activity’s figures', async () => {
    const { router, user, backend } = renderMemberPages('/member/activity/7');
    expect(await screen.findByRole('heading', { name: 'Running' })).toBeVisible();
    expect(figure('Distance')).toBe('2.50 km');
    expect(figure('Average speed')).toBe('18.0 km/h');

    await act(() => router.navigate('/member/units'));
    await user.selectOptions(screen.getByLabelText('Distance'), 'Miles (mi)');
    await user.selectOptions(screen.getByLabelText('Speed'), 'Knots (kts)');
    await act(() => router.navigate('/member/activity/7'));

    expect(await screen.findByRole('heading', { name: 'Running' })).toBeVisible();
    expect(figure('Distance')).toBe('1.55 mi');
    expect(figure('Average speed')).toBe('9.7 kts');
    expect(figure('Top speed')).toBe('9.7 kts');
    // Kept in this browser for the next visit.
    expect(JSON.parse(backend.data.get(UNITS_STORAGE_KEY) ?? '{}')).toEqual({
      Distance: 'mi',
      Speed: 'kts',
    });
  });

  it('starts every select at the organisation’s unit, and previews each choice', async () => {
    const { user } = renderMemberPages('/member/units', osloClient);
    expect(await screen.findByRole('heading', { name: 'Units' })).toBeVisible();
    const distance = screen.getByLabelText('Distance');
    expect(distance).toHaveValue('');
    expect(within(distance).getByRole('option', { selected: true })).toHaveTextContent(
      'Organisation default: Kilometres (km)',
    );
    expect(
      within(screen.getByLabelText('Times shown in')).getByRole('option', { selected: true }),
    ).toHaveTextContent("Organisation default: Your organisation's time zone (Europe/Oslo)");
    expect(previewOf('Temperature')).toBe('21.5 °C');
    expect(previewOf('Position')).toBe('59°54\'45.8" N 10°44\'45.9" E');
    expect(screen.getByRole('button', { name: 'Use organisation defaults' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Temperature'), 'Fahrenheit (°F)');
    await user.selectOptions(screen.getByLabelText('Position format'), 'Decimal degrees');
    await user.selectOptions(screen.getByLabelText('Clock'), '12-hour clock');
    expect(previewOf('Temperature')).toBe('70.7 °F');
    expect(previewOf('Position')).toBe('59.91273° N 10.74609° E');
    expect(previewOf('Date and time')).toMatch(/\b[AP]M\b/i);
  });

  it('“Organisation default” in one select, and “Use organisation defaults”, drop the choices', async () => {
    const { store, user, backend } = renderMemberPages('/member/units');
    await screen.findByRole('heading', { name: 'Units' });
    await user.selectOptions(screen.getByLabelText('Distance'), 'Miles (mi)');
    await user.selectOptions(screen.getByLabelText('Weight'), 'Pounds (lb)');
    expect(previewOf('Distance')).toBe('7.77 mi');

    await user.selectOptions(
      screen.getByLabelText('Distance'),
      'Organisation default: Kilometres (km)',
    );
    expect(selectUnitOverrides(store.getState())).toEqual({ Weight: 'lb' });
    expect(previewOf('Distance')).toBe('12.5 km');

    await user.click(screen.getByRole('button', { name: 'Use organisation defaults' }));
    expect(selectUnitOverrides(store.getState())).toEqual({});
    expect(screen.getByLabelText('Weight')).toHaveValue('');
    expect(previewOf('Weight')).toBe('72.5 kg');
    expect(backend.data.has(UNITS_STORAGE_KEY)).toBe(false);
  });
});
