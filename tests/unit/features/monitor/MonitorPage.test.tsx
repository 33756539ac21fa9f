// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import type { Alert } from '../../../../src/api/entities/alert';
import { initI18n } from '../../../../src/app/i18n';
import { monitorRoutes } from '../../../../src/features/monitor';
import { MONITOR_SHARES_STORAGE_KEY } from '../../../../src/store/monitor/monitorStorage';
import {
  entityChangesReceived,
  wearerTelemetryReceived,
} from '../../../../src/store/realtime/realtimeSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { playAlertBeep } from '../../../../src/ui/sound/alertBeep';
import { testDependencies } from '../../store/testDependencies';
import { clientHandler } from '../share/clientHandler';
import { registerMswServer } from '../../support/mswServer';
import { renderRoutesAt } from '../../support/renderRoutes';
import { alert } from '../../store/activities/activityTestKit';
import { serverClockAhead } from '../../support/serverClock';
import { reportInView, stubIntersectionObserver } from '../../support/fakeIntersectionObserver';

/*
 * The operator monitor screen (issue 8 item 6; docs/monitor.md) against msw: adding share links, the
 * sort order, the new-alert cue (banner, highlighted card, beep unless muted), removing, opening.
 */

vi.mock('../../../../src/ui/sound/alertBeep', () => ({ playAlertBeep: vi.fn(() => true) }));

stubIntersectionObserver();

const server = registerMswServer('error', clientHandler);
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});
beforeEach(() => {
  vi.mocked(playAlertBeep).mockClear();
  localStorage.clear();
});

const C2_URL = 'http://c2.lifeline.test';
const SHARING = `${C2_URL}/api/member-integration-public/activity-sharing`;
const THREAD = `${C2_URL}/api/member-integration-public/message-load-thread`;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (activityId: number) =>
  `${part({ alg: 'HS256' })}.${part({ C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: activityId, ActivityId: activityId })}.c2ln`;
const NAMES: Record<number, string> = { 7: 'Ingrid', 8: 'Ola', 9: 'Kari' };

/** An open alert of `ActivityId`'s wearer raised `agoMs` ago: a fall when Critical, else low battery. */
function openAlert(
  AlertID: number,
  ActivityId: number,
  Severity: Alert['Severity'],
  agoMs: number,
): Alert {
  return {
    ...alert(AlertID, ActivityId, Date.now() - agoMs),
    WearerID: ActivityId,
    AlertType: Severity === 4 ? 'FALL' : 'BATTERY_LOW',
    Severity,
  };
}

function activity(ActivityId: number, lastFixAgoMs: number, alerts: Alert[]): ActivityDetail {
  const now = Date.now();
  return {
    ActivityId,
    ActivityType: 'HIKING',
    TimestampStart: now - 3_600_000,
    TimestampEnd: null,
    Status: alerts.length > 0 ? 'ALERT' : 'ACTIVE',
    ActivityStats: {
      Distance: { Displayed: 1_000, Meters: 1_000, Type: 'GNSS' },
      DurationMs: 3_600_000,
      SpeedAvgMPS: 1,
      SpeedMaxMPS: 2,
    },
    LocationHistory: [
      { Time: now - lastFixAgoMs, X: 6.05 + ActivityId / 100, Y: 59.01, Hacc: 5, Alt: 1, Speed: 1 },
    ],
    Alerts: alerts,
  };
}

/** What activity-sharing answers now, per activity: data age and alerts. */
let shown: Record<number, { ageMs: number; alerts: Alert[] }> = {};
/** The land cells the card maps asked for, as `{level}/{x}/{y}.json`. */
let cellsAsked: string[] = [];

function start(stored: number[] = []) {
  if (stored.length > 0) {
    localStorage.setItem(MONITOR_SHARES_STORAGE_KEY, JSON.stringify(stored.map(token)));
  }
  cellsAsked = [];
  server.use(
    // Every cell all land: enough to see the card map draw the cells it asked for.
    http.get('*/basemap/land-cells/:level/:x/:file', ({ params }) => {
      const [level, x, file] = [params.level, params.x, params.file].map(String);
      cellsAsked.push(`${level}/${x}/${file}`);
      return HttpResponse.json({
        level: Number(level),
        x: Number(x),
        y: Number.parseInt(file ?? '', 10),
        grid: 512,
        land: [[[0, 0, 512, 0, 512, 512, 0, 512]]],
        coast: [],
      });
    }),
    http.post(THREAD, () =>
      HttpResponse.json({ MessageThread: { MessageThreadID: 1, ActivityId: 7, Messages: [] } }),
    ),
    http.post(SHARING, async ({ request }) => {
      const { ShareToken } = (await request.json()) as { ShareToken: string };
      const id = [7, 8, 9].find((candidate) => token(candidate) === ShareToken) ?? 0;
      const now = shown[id];
      if (!now) return HttpResponse.json({ ErrorCode: 'NOT_FOUND' }, { status: 404 });
      return HttpResponse.json({
        Activity: activity(id, now.ageMs, now.alerts),
        Journey: null,
        MemberDetails: { WearerID: id, NameFirst: NAMES[id], NameLast: 'Test' },
      });
    }),
  );
  const store = createAppStore({
    dependencies: testDependencies({
      fetch: (input, init) => fetch(input, init),
      storage: createStorage(localStorage),
    }),
  });
  const view = renderRoutesAt(store, monitorRoutes, '/monitor');
  return { store, ...view };
}

/** A frame of live telemetry arriving now: one fix of `WearerID` (its activity has its id) at `Time`. */
const liveFix = (WearerID: number, Time: number, X: number, Y: number) =>
  wearerTelemetryReceived({
    receivedAt: Date.now(),
    updates: [
      {
        WearerID,
        ActivityId: WearerID,
        Points: [{ Time, X, Y, Alt: null, Hacc: null, Speed: null }],
        Battery: null,
        Status: 'ACTIVE',
        Heading: null,
      },
    ],
  });

const cardNames = () =>
  screen
    .getAllByTestId('monitor-card')
    .map((card) => within(card).getByRole('heading').textContent);

function add(link: string) {
  fireEvent.change(screen.getByLabelText('Share link'), { target: { value: link } });
  fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
}

describe('the operator monitor (issue 8 item 6)', () => {
  it('adds share links, refuses garbage with a message, and sorts by severity, time open, data age', async () => {
    shown = {
      7: { ageMs: 5_000, alerts: [] },
      8: { ageMs: 5_000, alerts: [openAlert(80, 8, 3, 60_000)] },
      9: { ageMs: 600_000, alerts: [] },
    };
    start();
    expect(await screen.findByText('No shares watched yet.')).toBeVisible();
    add('not a link');
    expect(await screen.findByText('That is not a share link of an activity.')).toBeVisible();
    add(`http://127.0.0.1:8080/share/activity/${token(7)}`);
    add(token(8));
    add(token(9));
    await waitFor(() => {
      expect(cardNames()).toEqual(['Ola Test', 'Kari Test', 'Ingrid Test']);
    });
    expect(screen.getByText('3 shares watched')).toBeVisible();
    const [ola, kari, ingrid] = screen.getAllByTestId('monitor-card');
    expect(ola).toHaveTextContent('Battery low');
    expect(ola).toHaveTextContent('Warning');
    expect(kari).toHaveTextContent('Not live:');
    expect(ingrid).toHaveTextContent('Live:');
    expect(ingrid).toHaveTextContent(/· Last fix \d{1,2}:\d{2}:\d{2}/);
    // In the viewer's location format: the spec's default dms (app §3 "Units defaults").
    expect(ingrid).toHaveTextContent(`Last position 59°00'36.0" N, 6°07'12.0" E`);
    expect(JSON.parse(localStorage.getItem(MONITOR_SHARES_STORAGE_KEY) ?? '[]')).toEqual([
      token(7),
      token(8),
      token(9),
    ]);
  });

  it('says plainly that a link no longer works, and puts its card after the working ones', async () => {
    // Activity 9's share was revoked: activity-sharing answers 404 for it.
    shown = { 7: { ageMs: 5_000, alerts: [] } };
    start([9, 7]);
    await waitFor(() => {
      expect(cardNames()).toEqual(['Ingrid Test', 'A share link']);
    });
    const dead = screen.getAllByTestId('monitor-card')[1];
    expect(dead).toHaveTextContent('This share link no longer works.');
    expect(dead).not.toHaveTextContent('No open alert');
    expect(dead).not.toHaveTextContent('Loading');
    expect(
      within(dead as HTMLElement).getByRole('button', { name: 'Remove A share link' }),
    ).toBeVisible();
  });

  it('draws each card a small map of its recent track over the land cells it asked for', async () => {
    shown = { 7: { ageMs: 5_000, alerts: [] }, 8: { ageMs: 5_000, alerts: [] } };
    start([7, 8]);
    const map = await screen.findByRole('img', {
      name: /^Map of Ingrid Test: the last 15 minutes/,
    });
    // One fix, no live heading: the track is one point, within the middle quarter, and a dot on it.
    // (The track's points are integer tenths of the map's units.)
    const points = map.querySelector('polyline.ll-card-map-track')?.getAttribute('points') ?? '';
    const [x = NaN, y = NaN] = points.split(',').map((tenths) => Number(tenths) / 10);
    expect(Math.abs(x - 120)).toBeLessThanOrEqual(30);
    expect(Math.abs(y - 67.5)).toBeLessThanOrEqual(17);
    expect(map.querySelector('circle.ll-card-map-position')).toHaveAttribute(
      'transform',
      `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    );
    await waitFor(() => {
      expect(map.querySelectorAll('g path[fill]').length).toBeGreaterThan(0);
    });
    // Both wearers' cells: 2 × 2 each at level 6, asked for once each.
    expect(cellsAsked.length).toBe(new Set(cellsAsked).size);
    expect(cellsAsked.every((path) => path.startsWith('6/'))).toBe(true);
    expect(screen.getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
  });

  it('cues a new alert: banner, highlighted card first, one beep; muted, no beep', async () => {
    shown = { 7: { ageMs: 5_000, alerts: [] }, 8: { ageMs: 5_000, alerts: [] } };
    const { store } = start([7, 8]);
    await waitFor(() => {
      expect(cardNames()).toHaveLength(2);
    });
    expect(screen.queryByRole('alert')).toBeNull();

    shown[7] = { ageMs: 1_000, alerts: [openAlert(70, 7, 4, 0)] };
    act(() => {
      store.dispatch(
        entityChangesReceived([
          {
            EntityType: 'Alert',
            EntityId: 70,
            ChangeType: 'created',
            Timestamp: Date.now(),
            ActivityId: 7,
          },
        ]),
      );
    });
    const banner = await screen.findByRole('alert', {}, { timeout: 3_000 });
    expect(banner).toHaveTextContent('New alert: Fall for Ingrid Test');
    expect(cardNames()[0]).toBe('Ingrid Test');
    expect(screen.getAllByTestId('monitor-card')[0]).toHaveClass('ll-monitor-card-cued');
    expect(playAlertBeep).toHaveBeenCalledTimes(1);

    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('monitor-card')[0]).not.toHaveClass('ll-monitor-card-cued');

    fireEvent.click(screen.getByRole('button', { name: 'Mute the alert sound' }));
    shown[8] = { ageMs: 1_000, alerts: [openAlert(81, 8, 4, 0)] };
    act(() => {
      store.dispatch(
        entityChangesReceived([
          {
            EntityType: 'Alert',
            EntityId: 81,
            ChangeType: 'created',
            Timestamp: Date.now(),
            ActivityId: 8,
          },
        ]),
      );
    });
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent('Ola Test');
    expect(playAlertBeep).toHaveBeenCalledTimes(1);
  });

  it("judges data age on the server's clock: an operator's clock 10 minutes behind shows no old fix as live", async () => {
    // 5 s old on this device's clock, 10 min 5 s on the server's.
    shown = { 7: { ageMs: 5_000, alerts: [] } };
    const { store } = start([7]);
    const [card] = await screen.findAllByTestId('monitor-card');
    await waitFor(() => {
      expect(card).toHaveTextContent('Live:');
    });
    act(() => {
      store.dispatch(serverClockAhead(10 * 60_000, Date.now(), C2_URL));
    });
    // The card's words (its own clock) and its frame (the page's sort clock) both.
    expect(card).toHaveTextContent('Not live:');
    expect(card).toHaveClass('ll-monitor-age-stale');
  });

  it('a fix shows its age as of its arrival, though each fix restarts the card’s clock', async () => {
    shown = { 7: { ageMs: 5_000, alerts: [] } };
    const { store } = start([7]);
    const [card] = await screen.findAllByTestId('monitor-card');
    await waitFor(() => {
      expect(card).toHaveTextContent('Live:');
    });
    // A minute passes with no tick of the card's clock, and a fix 30 s old arrives: a phone that
    // buffers its reports. The card must say 30 s, not the age against its last tick (none).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      act(() => {
        store.dispatch(liveFix(7, Date.now() - 30_000, 6.12, 59.01));
      });
      await waitFor(() => {
        expect(card).toHaveTextContent('last position 30 seconds ago');
      });
      // A fix of this moment reads as the share page says it: "just now", not "0 seconds ago".
      act(() => {
        store.dispatch(liveFix(7, Date.now(), 6.121, 59.011));
      });
      await waitFor(() => {
        expect(card).toHaveTextContent('Live: last position just now');
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes a share, and opening a card goes to its full share view', async () => {
    shown = { 7: { ageMs: 5_000, alerts: [] }, 8: { ageMs: 9_000, alerts: [] } };
    const { router } = start([7, 8]);
    // Both live: by name (docs/monitor.md "Sort").
    await waitFor(() => {
      expect(cardNames()).toEqual(['Ingrid Test', 'Ola Test']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ola Test' }));
    await waitFor(() => {
      expect(cardNames()).toEqual(['Ingrid Test']);
    });
    expect(JSON.parse(localStorage.getItem(MONITOR_SHARES_STORAGE_KEY) ?? '[]')).toEqual([
      token(7),
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Open the full view of Ingrid Test' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/share/activity/${token(7)}`);
    });
  });

  it('a card out of sight stands still on its fixes and catches up as it nears the view', async () => {
    shown = { 7: { ageMs: 5_000, alerts: [] }, 8: { ageMs: 5_000, alerts: [] } };
    const { store } = start([7, 8]);
    await waitFor(() => {
      expect(cardNames()).toEqual(['Ingrid Test', 'Ola Test']);
    });
    const [ingrid, ola] = screen.getAllByTestId('monitor-card');
    if (!ingrid || !ola) throw new Error('two cards');
    expect(ola).toHaveTextContent(`Last position 59°00'36.0" N, 6°07'48.0" E`);
    act(() => {
      reportInView(ola, false);
    });
    // About 110 m north-east of each wearer's last fix: the card maps' views and land cells stay the
    // same, so only the fix itself could render a card.
    const fix = (WearerID: number) => liveFix(WearerID, Date.now(), 6.051 + WearerID / 100, 59.011);
    await act(async () => {
      store.dispatch(fix(7));
      store.dispatch(fix(8));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(ingrid).toHaveTextContent(`Last position 59°00'39.6" N, 6°07'15.6" E`);
    });
    expect(ola).toHaveTextContent(`Last position 59°00'36.0" N, 6°07'48.0" E`);
    act(() => {
      reportInView(ola, true);
    });
    expect(ola).toHaveTextContent(`Last position 59°00'39.6" N, 6°07'51.6" E`);
  });
});
