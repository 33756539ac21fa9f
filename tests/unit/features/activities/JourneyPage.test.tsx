// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addHours, endOfDay, format, startOfDay, subDays } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail, ActivitySummary } from '../../../../src/api/entities/activity';
import { initI18n } from '../../../../src/app/i18n';
import { encodeTrackBinary } from '../../../../src/api/trackBinary';
import { selectActivityDetailsState } from '../../../../src/store/activities/activityDetailsSlice';
import { activityRoutes } from '../../../../src/features/activities';
import { selectShownJourney } from '../../../../src/store/activities/journeySlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { registerMswServer } from '../../support/mswServer';
import { renderRoutesAt } from '../../support/renderRoutes';
import {
  signedInIdentity,
  startedState,
  testClient,
  testDependencies,
  testMember,
} from '../../store/testDependencies';

const downloads = vi.hoisted(() => [] as { filename: string; text: string }[]);
vi.mock('../../../../src/features/activities/export/gpx', async (original) => ({
  ...(await original<typeof import('../../../../src/features/activities/export/gpx')>()),
  downloadGpx: (filename: string, text: string) => {
    downloads.push({ filename, text });
  },
}));

vi.mock('../../../../src/features/activities/components/JourneyMap', () => ({
  default: ({ activityIds }: { activityIds: number[] }) => (
    <div data-testid="journey-map">{activityIds.join(',')}</div>
  ),
}));

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const API = `${testMember.DomainUrl}/api/member-integration`;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const SHARE_URL = `http://localhost/share/journey/${TOKEN}`;
/** 09:00 local on the day `daysAgo` days before today. */
const morning = (daysAgo: number) =>
  addHours(startOfDay(subDays(Date.now(), daysAgo)), 9).getTime();
const day = (daysAgo: number) => format(subDays(Date.now(), daysAgo), 'yyyy-MM-dd');

function outing(ActivityId: number, start: number, metres: number, hours = 5): ActivitySummary {
  return {
    ActivityId,
    ActivityType: ActivityId === 4 ? 'RUNNING' : 'HIKING',
    TimestampStart: start,
    TimestampEnd: start + hours * 3_600_000,
    ActivityStats: {
      Distance: { Displayed: metres, Meters: metres, Type: 'GNSS' },
      DurationMs: hours * 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 2,
    },
  };
}

/** A 3-day hike 20 to 18 days ago (the demo's Black Forest journey), and a run 2 days ago. */
const HISTORY = [
  outing(1, morning(20), 18_000),
  outing(2, morning(19), 22_500),
  outing(3, morning(18), 15_000),
  outing(4, morning(2), 8_000, 1),
];

/** The member's journey screen at `path`; `shortCode` is share-journey's ShortCode. */
function renderJourney(path = '/member/share-journey', shortCode: string | null = null) {
  const shared: unknown[] = [];
  const summaryWindows: { TimeStart: number; TimeEnd: number }[] = [];
  server.use(
    http.post(`${API}/member-wearer-activity-summaries`, async ({ request }) => {
      const { TimeStart, TimeEnd } = (await request.json()) as {
        TimeStart: number;
        TimeEnd: number;
      };
      summaryWindows.push({ TimeStart, TimeEnd });
      return HttpResponse.json({
        Activities: HISTORY.filter(
          (s) => s.TimestampStart <= TimeEnd && (s.TimestampEnd ?? Infinity) >= TimeStart,
        ),
      });
    }),
    http.post(`${API}/share-journey`, async ({ request }) => {
      shared.push(await request.json());
      return HttpResponse.json({ ShareToken: TOKEN, ShareUrl: SHARE_URL, ShortCode: shortCode });
    }),
    http.post(`${API}/*`, () =>
      HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'x' }, { status: 404 }),
    ),
  );
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    preloadedState: startedState(signedInIdentity(Date.now() + 3_600_000), testClient),
  });
  const view = renderRoutesAt(store, activityRoutes, path);
  return { store, shared, summaryWindows, view, user: userEvent.setup() };
}

const tabs = () =>
  within(screen.getByRole('tablist', { name: 'Days of the journey' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
const figures = (name: string) => within(screen.getByRole('region', { name }));
const links = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the member’s journey (issue 7 item 4; spec §4 day index or complete timeline 999)', () => {
  it('asks for the year of summaries it opens on once, as the route opens (not again from the screen)', async () => {
    const { summaryWindows } = renderJourney();
    await screen.findByRole('tab', { name: 'Complete timeline' });
    const year = summaryWindows.filter((w) => w.TimeEnd - w.TimeStart >= 364 * 86_400_000);
    expect(year).toHaveLength(1);
  });

  it('exports the shown activities as one GPX file, a track each (issue 7 item 5)', async () => {
    const { user } = renderJourney();
    await screen.findByRole('tab', { name: 'Complete timeline' });
    downloads.length = 0;
    await user.click(screen.getByRole('button', { name: 'Export GPX' }));
    expect(downloads.map((d) => d.filename)).toEqual([
      `lifeline-journey-${day(20)}_${day(18)}.gpx`,
    ]);
    const names = [...(downloads[0]?.text ?? '').matchAll(/<name>([^<]*)<\/name>/g)].map(
      (m) => m[1],
    );
    expect(names).toHaveLength(3);
    expect(names.every((name) => name?.startsWith('Hiking '))).toBe(true);
  });

  it('opens on the latest multi-day journey, day by day and as a whole, and refreshes while open', async () => {
    const { store, user, view } = renderJourney();
    expect(await screen.findByRole('heading', { name: 'Journey' })).toBeVisible();
    const days = [0, 1, 2].map((i) => `Day ${String(i + 1)} · ${day(20 - i)}`);
    expect(await screen.findByRole('tab', { name: 'Complete timeline' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Start date')).toHaveValue(day(20));
    expect(screen.getByLabelText('End date')).toHaveValue(day(18));
    expect(tabs()).toEqual([...days, 'Complete timeline']);
    expect(figures('Figures of the journey').getByText('55.5 km')).toBeVisible();
    expect(figures('Figures of the journey').getByText('15:00:00')).toBeVisible();
    expect(figures('Figures of the journey').getByText('3')).toBeVisible();
    expect(links('Activities of the journey')).toEqual([
      '/member/activity/1',
      '/member/activity/2',
      '/member/activity/3',
    ]);
    expect(screen.getByTestId('journey-map')).toHaveTextContent('1,2,3');
    // The store refreshes the shown journey each minute (journeyEpics.test.ts) until it is hidden.
    expect(selectShownJourney(store.getState())).toEqual({
      JourneyStart: startOfDay(subDays(Date.now(), 20)).getTime(),
      JourneyEnd: endOfDay(subDays(Date.now(), 18)).getTime(),
    });

    await user.click(screen.getByRole('tab', { name: days[1] }));
    expect(screen.getByRole('tab', { name: days[1] })).toHaveAttribute('aria-selected', 'true');
    expect(figures('Figures of the day').getByText('22.5 km')).toBeVisible();
    expect(figures('Figures of the day').getByText('5:00:00')).toBeVisible();
    expect(figures('Figures of the day').getByText('1')).toBeVisible();
    expect(links('Activities of the day')).toEqual(['/member/activity/2']);
    expect(screen.getByTestId('journey-map')).toHaveTextContent(/^2$/);

    view.unmount();
    expect(selectShownJourney(store.getState())).toBeNull();
  });

  it('offers only the days with an activity between the chosen dates', async () => {
    const { user } = renderJourney();
    await screen.findByRole('tab', { name: 'Complete timeline' });
    const start = screen.getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, day(5));
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), day(0));
    expect(await screen.findByRole('tab', { name: `Day 4 · ${day(2)}` })).toBeVisible();
    expect(tabs()).toEqual([`Day 4 · ${day(2)}`, 'Complete timeline']);
    expect(links('Activities of the journey')).toEqual(['/member/activity/4']);

    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), day(10));
    expect(screen.getByRole('alert')).toHaveTextContent('The end date is before the start date.');
  });

  it('shares the journey and shows its link to copy', async () => {
    const { shared, user } = renderJourney();
    await screen.findByRole('tab', { name: 'Complete timeline' });
    await user.type(screen.getByLabelText('Short name for the link (optional)'), '-x');
    expect(screen.getByRole('alert')).toHaveTextContent('Use 1 to 30 letters');
    await user.clear(screen.getByLabelText('Short name for the link (optional)'));
    await user.type(screen.getByLabelText('Short name for the link (optional)'), 'black-forest');
    await user.click(screen.getByRole('button', { name: 'Share the journey' }));
    expect(await screen.findByLabelText('Journey link')).toHaveValue(SHARE_URL);
    expect(shared).toEqual([
      {
        JourneyStart: startOfDay(subDays(Date.now(), 20)).getTime(),
        JourneyEnd: endOfDay(subDays(Date.now(), 18)).getTime(),
        VanityStub: 'black-forest',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(SHARE_URL);
  });

  it('shows the short link when the server made one; share-event leads here', async () => {
    const { user } = renderJourney('/member/share-event', 'Bx7k2');
    expect(await screen.findByRole('tab', { name: 'Complete timeline' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Share the journey' }));
    expect(await screen.findByLabelText('Journey link')).toHaveValue('http://localhost/go/Bx7k2');
  });

  it('loads each shown activity once, also one that ended minutes ago (no reload per answer)', async () => {
    // Two 1-hour outings a day apart, the latest ended 10 minutes ago: a request for a loaded
    // detail that ended within the hour reloads it (spec §4), so the screen must ask only when the
    // shown activities change — not each time a load's answer touches the summaries.
    const now = Date.now();
    const recent = [
      outing(11, now - 24 * 3_600_000 - 70 * 60_000, 5_000, 1),
      outing(12, now - 70 * 60_000, 6_000, 1),
    ];
    const detailCalls: number[] = [];
    server.use(
      http.post(`${API}/member-wearer-activity-summaries`, () =>
        HttpResponse.json({ Activities: recent }),
      ),
      http.post(`${API}/member-wearer-activity-detail`, async ({ request }) => {
        const { ActivityId } = (await request.json()) as { ActivityId: number };
        const found = recent.find((s) => s.ActivityId === ActivityId);
        const detail: ActivityDetail | undefined = found && { ...found, LocationHistory: [] };
        return HttpResponse.json({ Activity: detail });
      }),
      http.post(`${API}/member-wearer-activity-track`, () => {
        const bytes = encodeTrackBinary([{ Time: now, X: 10, Y: 60, Hacc: 5, Alt: 0, Speed: 1 }]);
        return HttpResponse.arrayBuffer(bytes.buffer as ArrayBuffer);
      }),
    );
    const store = createAppStore({
      dependencies: testDependencies({
        fetch: (input, init) => {
          if (new Request(input).url.endsWith('/member-wearer-activity-detail')) {
            detailCalls.push(Date.now());
            // A reload loop would never yield to the test's timers: it ends in failed loads.
            if (detailCalls.length > 4) return Promise.reject(new Error('reload loop'));
          }
          return fetch(input, init);
        },
      }),
      preloadedState: startedState(signedInIdentity(Date.now() + 3_600_000), testClient),
    });
    renderRoutesAt(store, activityRoutes, '/member/share-journey');
    expect(await screen.findByTestId('journey-map')).toHaveTextContent('11,12');
    await waitFor(() => {
      const { loads } = selectActivityDetailsState(store.getState());
      expect([loads[11]?.status, loads[12]?.status]).toEqual(['loaded', 'loaded']);
    });
    // Let React render the answers and run its effects.
    await act(() => Promise.resolve());
    expect(detailCalls).toHaveLength(2);
  });
});
