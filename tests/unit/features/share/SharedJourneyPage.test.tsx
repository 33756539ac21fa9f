// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivitySummary } from '../../../../src/api/entities/activity';
import { initI18n } from '../../../../src/app/i18n';
import { shareRoutes } from '../../../../src/features/share';
import { selectActivityDetailsState } from '../../../../src/store/activities/activityDetailsSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { registerMswServer } from '../../support/mswServer';
import { clientHandler } from './clientHandler';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testClient, testDependencies, testRuntimeConfig } from '../../store/testDependencies';
import { renderAppAt } from '../../support/renderApp';

vi.mock('../../../../src/features/share/components/JourneyMap', () => ({
  default: ({ activityIds }: { activityIds: number[] }) => (
    <div data-testid="journey-map">{activityIds.join(',')}</div>
  ),
}));

const server = registerMswServer('error', clientHandler);
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const C2_URL = 'http://c2.lifeline.test';
const API = `${C2_URL}/api/member-integration-public`;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${part({ alg: 'HS256' })}.${part({ C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: 5 })}.c2ln`;
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime();

function hike(ActivityId: number, start: number, metres: number): ActivitySummary {
  return {
    ActivityId,
    ActivityType: 'HIKING',
    TimestampStart: start,
    TimestampEnd: start + 5 * 3_600_000,
    ActivityStats: {
      Distance: { Displayed: metres, Meters: metres, Type: 'GNSS' },
      DurationMs: 5 * 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 2,
    },
  };
}

/** activity-sharing answering Ingrid's journey from day 20, 08:00 to `end` with `summaries`. */
function sharing(end: number, summaries: ActivitySummary[]) {
  return http.post(`${API}/activity-sharing`, () =>
    HttpResponse.json({
      Activity: null,
      Journey: { JourneyStart: at(20, 8), JourneyEnd: end, ActivitySummaries: summaries },
      MemberDetails: { WearerID: 5, NameFirst: 'Ingrid', NameLast: 'Nordvik' },
    }),
  );
}

/** message-load-thread answering an empty thread of the activity asked for; `asked` records which. */
function emptyThreads(asked: number[] = []) {
  return http.post(`${API}/message-load-thread`, async ({ request }) => {
    const { ActivityId } = (await request.json()) as { ActivityId: number };
    asked.push(ActivityId);
    return HttpResponse.json({ MessageThread: { MessageThreadID: 9, ActivityId, Messages: [] } });
  });
}

describe('the shared journey page (issue 8 item 2; spec §4 day index or complete timeline)', () => {
  beforeEach(() => {
    server.use(emptyThreads());
  });

  it('writes to the wearer in the thread of the journey’s latest activity (spec §1)', async () => {
    const threads: number[] = [];
    const sent: unknown[] = [];
    server.use(
      sharing(at(22, 18), [
        hike(1, at(20, 9), 18_000),
        hike(3, at(22, 9), 15_000),
        hike(2, at(21, 9), 22_500),
      ]),
      http.post(`${API}/shared-journey-activity`, () =>
        HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'gone' }, { status: 404 }),
      ),
      emptyThreads(threads),
      http.post(`${API}/message-send`, async ({ request }) => {
        const body = (await request.json()) as { ActivityId: number; MessageText: string };
        sent.push(body);
        return HttpResponse.json({
          MessageThread: { MessageThreadID: 9, ActivityId: body.ActivityId, Messages: [] },
        });
      }),
    );
    const store = createAppStore({
      dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    });
    renderRoutesAt(store, shareRoutes, `/share/journey/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Messages to the wearer' })).toBeVisible();
    await vi.waitFor(() => {
      expect(threads).toContain(3);
    });
    const name = screen.getByRole('region', { name: 'Your name' });
    await userEvent.type(within(name).getByLabelText('Your name'), 'Kari Nordmann');
    await userEvent.click(within(name).getByRole('button', { name: 'Save name' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Camp tonight?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => {
      expect(sent).toMatchObject([
        { ActivityId: 3, MessageText: 'Camp tonight?', SenderName: 'Kari Nordmann' },
      ]);
    });
    expect(new Set(threads)).toEqual(new Set([3]));
  });

  it('picks a day, shows its activities and totals, and the complete timeline', async () => {
    const asked: number[] = [];
    server.use(
      sharing(at(22, 18), [
        hike(1, at(20, 9), 18_000),
        hike(2, at(21, 9), 22_500),
        hike(3, at(22, 9), 15_000),
      ]),
      http.post(`${API}/shared-journey-activity`, async ({ request }) => {
        const { ActivityId } = (await request.json()) as { ActivityId: number };
        asked.push(ActivityId);
        return HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'gone' }, { status: 404 });
      }),
    );
    const store = createAppStore({
      dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    });
    renderRoutesAt(store, shareRoutes, `/share/journey/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Ingrid Nordvik' })).toBeVisible();
    const days = screen.getByRole('tablist', { name: 'Days of the journey' });
    expect(
      within(days)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Day 1 · 2026-11-20',
      'Day 2 · 2026-11-21',
      'Day 3 · 2026-11-22',
      'Complete timeline',
    ]);
    expect(await screen.findByTestId('journey-map')).toHaveTextContent('1');
    expect(screen.getByText('18.0 km')).toBeVisible();

    await userEvent.click(within(days).getByRole('tab', { name: 'Day 2 · 2026-11-21' }));
    expect(screen.getByTestId('journey-map')).toHaveTextContent('2');
    expect(screen.getByText('22.5 km')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Hiking · 2026-11-21 09:00 · 5:00:00 · 22\.5 km$/),
    ]);

    await userEvent.click(within(days).getByRole('tab', { name: 'Complete timeline' }));
    expect(screen.getByTestId('journey-map')).toHaveTextContent('1,2,3');
    expect(screen.getByText('55.5 km')).toBeVisible();
    expect(screen.getByText('15:00:00')).toBeVisible();
    await vi.waitFor(() => {
      expect([...new Set(asked)].sort()).toEqual([1, 2, 3]);
    });
  });

  it('shows the wearer’s client’s logo in the header, served by the token’s server (spec §1)', async () => {
    server.use(
      http.get('http://localhost/config.json', () => HttpResponse.json(testRuntimeConfig)),
      sharing(at(20, 18), [hike(1, at(20, 9), 18_000)]),
      http.post(`${API}/shared-journey-activity`, () =>
        HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'gone' }, { status: 404 }),
      ),
    );
    renderAppAt(`/share/journey/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Ingrid Nordvik' })).toBeVisible();
    await vi.waitFor(() => {
      expect(document.querySelector('.ll-brand img')?.getAttribute('src')).toBe(
        `${C2_URL}/brands/brand-logo/${String(testClient.Brand.BrandID)}?theme=LIGHT`,
      );
    });
  });

  it('says when a track could not be loaded and loads it again on Try again', async () => {
    let failing = true;
    server.use(
      sharing(at(20, 18), [hike(1, at(20, 9), 18_000)]),
      http.post(`${API}/shared-journey-activity`, () =>
        failing
          ? HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'down' }, { status: 503 })
          : HttpResponse.json({
              Activity: {
                ...hike(1, at(20, 9), 18_000),
                LocationHistory: [],
                Alerts: [],
                ActivityStatus: 'COMPLETE',
                SplitsSettings: null,
                WearerID: 5,
              },
            }),
      ),
    );
    const store = createAppStore({
      dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
    });
    renderRoutesAt(store, shareRoutes, `/share/journey/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The track of one activity could not be loaded.',
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => {
      expect(selectActivityDetailsState(store.getState()).entities[1]).toBeDefined();
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
