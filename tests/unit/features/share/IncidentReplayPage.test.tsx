// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import type { Alert } from '../../../../src/api/entities/alert';
import { initI18n } from '../../../../src/app/i18n';
import { shareRoutes } from '../../../../src/features/share';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { registerMswServer } from '../../support/mswServer';
import { clientHandler } from './clientHandler';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { serverClockAhead } from '../../support/serverClock';

vi.mock('../../../../src/features/share/components/ShareMap', () => ({
  default: () => <div data-testid="share-map" />,
}));

const server = registerMswServer('error', clientHandler);
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const C2_URL = 'http://c2.lifeline.test';
const API = `${C2_URL}/api/member-integration-public`;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${part({ alg: 'HS256' })}.${part({ C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: 5 })}.c2ln`;
const T = Date.UTC(2026, 10, 25, 9, 0);

const fall: Alert = {
  AlertID: 3,
  WearerID: 5,
  ActivityId: 7,
  AlertType: 'FALL',
  Severity: 4,
  TimestampStart: T + 600_000,
  TimestampUpdated: T + 600_000,
  TimestampClosed: null,
  CloseState: 'OPEN',
  ClosureReason: null,
  ClosedByActorType: null,
  ClosedByName: null,
  ResolveText: null,
  PausedUntilTimestamp: null,
  Location: null,
  Value: null,
  BodyPosition: null,
  CheckInState: null,
  Notes: [],
  RescueOrgsNotified: [],
};
const activity: ActivityDetail = {
  ActivityId: 7,
  ActivityType: 'HIKING',
  TimestampStart: T,
  TimestampEnd: null,
  Status: 'ALERT',
  ActivityStats: {
    Distance: { Displayed: 2_000, Meters: 2_000, Type: 'GNSS' },
    DurationMs: 600_000,
    SpeedAvgMPS: 1,
    SpeedMaxMPS: 2,
  },
  LocationHistory: [
    { Time: T, X: 8.1, Y: 48.0, Hacc: 5, Alt: 700, Speed: 1 },
    { Time: T + 600_000, X: 8.11, Y: 48.01, Hacc: 5, Alt: 720, Speed: 0 },
  ],
  Alerts: [fall],
};

/** The share of TOKEN answered with `detail`, its thread empty. */
function serve(detail: ActivityDetail) {
  server.use(
    http.post(`${API}/activity-sharing`, () =>
      HttpResponse.json({
        Activity: detail,
        Journey: null,
        MemberDetails: { WearerID: 5, NameFirst: 'Ingrid', NameLast: 'Nordvik' },
      }),
    ),
    http.post(`${API}/message-load-thread`, () =>
      HttpResponse.json({ MessageThread: { MessageThreadID: 1, ActivityId: 7, Messages: [] } }),
    ),
  );
}

/** Watches the share in a store of its own and answers its action log, the record a guardian saves. */
async function record(whileWatching: (store: ReturnType<typeof createAppStore>) => Promise<void>) {
  const live = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
  });
  const watched = renderRoutesAt(live, shareRoutes, `/share/activity/${TOKEN}`);
  expect(await screen.findByRole('button', { name: 'Save a record of this view' })).toBeVisible();
  await whileWatching(live);
  const log = live.actionLog.exportActionLog();
  watched.unmount();
  return log;
}

/** Opens `log` on the incident replay page of a store that asks no server anything. */
async function replay(log: string) {
  const viewer = createAppStore({ dependencies: testDependencies() });
  renderRoutesAt(viewer, shareRoutes, '/incident-replay');
  // The page is a lazily loaded chunk.
  await screen.findByLabelText('Open a saved record');
  const file = new File([log], 'incident.json', { type: 'application/json' });
  await userEvent.upload(screen.getByLabelText('Open a saved record'), file);
  expect(await screen.findByRole('heading', { name: 'Ingrid Nordvik' })).toBeVisible();
}

describe('incident replay (issue 6 item 5: a recorded log re-loaded into a read-only view)', () => {
  it('shows a saved share view again as it was, and step by step before it', async () => {
    serve(activity);
    // A guardian watches the share; the record is the store's action log.
    const log = await record(() => Promise.resolve());
    // Later, anyone opens the record: no server is asked anything.
    server.use(http.post(`${API}/*`, () => HttpResponse.json({}, { status: 500 })));
    await replay(log);
    expect(screen.getByRole('alert')).toHaveTextContent('Alert: Fall');
    expect(screen.getByText('Alert')).toBeVisible();
    // Read-only: no actions, no new record.
    expect(screen.queryByRole('button', { name: 'Save a record of this view' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show me the way' })).toBeNull();

    // The moment's time in the viewer's format (with seconds), not a raw ISO timestamp.
    const moment = screen.getByRole('slider');
    expect(moment).toHaveAccessibleName(/^Moment \d+ of \d+ · .*\d{2}:\d{2}:\d{2}/);
    expect(moment).not.toHaveAccessibleName(/\d{4}-\d{2}-\d{2}T/);

    fireEvent.change(moment, { target: { value: '0' } });
    expect(screen.getByText('At this moment no shared activity was on screen yet.')).toBeVisible();
  });

  it("judges the data age on the server's clock, as the guardian saw it live", async () => {
    // The fix is 2 s old on this device's clock; the server's runs 10 minutes ahead.
    const now = Date.now();
    const recent: ActivityDetail = {
      ...activity,
      Status: 'ACTIVE',
      TimestampStart: now - 600_000,
      LocationHistory: [{ Time: now - 2_000, X: 8.1, Y: 48.0, Hacc: 5, Alt: 700, Speed: 1 }],
      Alerts: [],
    };
    serve(recent);
    const log = await record(async (live) => {
      act(() => {
        live.dispatch(serverClockAhead(10 * 60_000, Date.now(), C2_URL));
      });
      expect(await screen.findByText('Not live:')).toBeVisible();
    });
    await replay(log);
    expect(screen.getByText('Not live:')).toBeVisible();
  });

  it('refuses a file that is not a record', async () => {
    const viewer = createAppStore({ dependencies: testDependencies() });
    renderRoutesAt(viewer, shareRoutes, '/incident-replay');
    // The page is a lazily loaded chunk.
    await screen.findByLabelText('Open a saved record');
    const file = new File(['{"format":"something else"}'], 'x.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('Open a saved record'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a record saved by Lifeline, or it is incomplete.',
    );
  });
});
