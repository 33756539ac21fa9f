// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import type { Alert } from '../../../../src/api/entities/alert';
import type { Message } from '../../../../src/api/entities/message';
import type { LocationPoint } from '../../../../src/api/entities/location';
import { initI18n } from '../../../../src/app/i18n';
import { Shell } from '../../../../src/app/Shell';
import { shareRoutes } from '../../../../src/features/share';
import type { ShareMapProps } from '../../../../src/features/share/components/ShareMap';
import {
  searchlightHeadingReceived,
  searchlightPositionReceived,
  searchlightRequestChanged,
} from '../../../../src/store/searchlight/searchlightSlice';
import { monitorShareAdded } from '../../../../src/store/monitor/monitorSlice';
import {
  shareSocketKey,
  socketStateChanged,
  wearerTelemetryReceived,
} from '../../../../src/store/realtime/realtimeSlice';
import { sessionAbsent } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { registerMswServer } from '../../support/mswServer';
import { clientHandler } from './clientHandler';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testClient, testDependencies } from '../../store/testDependencies';
import { serverClockAhead } from '../../support/serverClock';

// The map needs WebGL, which jsdom lacks: these tests look at everything around it, and at what
// the page hands the map (its last props).
const shareMap = vi.hoisted(() => ({ props: null as ShareMapProps | null }));
vi.mock('../../../../src/features/share/components/ShareMap', () => ({
  default: (props: ShareMapProps) => {
    shareMap.props = props;
    return <div data-testid="share-map" />;
  },
}));

const server = registerMswServer('error', clientHandler);
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const C2_URL = 'http://c2.lifeline.test';
const SHARING = `${C2_URL}/api/member-integration-public/activity-sharing`;
const THREAD = `${C2_URL}/api/member-integration-public/message-load-thread`;
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${part({ alg: 'HS256' })}.${part({ C2Url: C2_URL, MemberID: 1, ClientID: 1, WearerID: 5 })}.c2ln`;

function activity(lastFixAgoMs: number, alerts: Alert[] = []): ActivityDetail {
  const now = Date.now();
  return {
    ActivityId: 7,
    ActivityType: 'KAYAKING',
    TimestampStart: now - 3_600_000,
    TimestampEnd: null,
    Status: alerts.length > 0 ? 'ASSISTANCE' : 'ACTIVE',
    ActivityStats: {
      Distance: { Displayed: 4_250, Meters: 4_300, Type: 'GNSS' },
      DurationMs: 3_600_000,
      SpeedAvgMPS: 1.2,
      SpeedMaxMPS: 2.5,
    },
    LocationHistory: [
      { Time: now - lastFixAgoMs - 5_000, X: 6.05, Y: 59.01, Hacc: 5, Alt: 1, Speed: 1.5 },
      { Time: now - lastFixAgoMs, X: 6.051, Y: 59.011, Hacc: 5, Alt: 1, Speed: 2 },
    ],
    Alerts: alerts,
  };
}

const assistance: Alert = {
  AlertID: 3,
  WearerID: 5,
  ActivityId: 7,
  AlertType: 'ASSISTANCE',
  Severity: 4,
  TimestampStart: Date.UTC(2026, 10, 25, 9, 30),
  TimestampUpdated: Date.UTC(2026, 10, 25, 9, 30),
  TimestampClosed: null,
  CloseState: 'OPEN',
  ClosureReason: null,
  ClosedByActorType: null,
  ClosedByName: null,
  ResolveText: null,
  PausedUntilTimestamp: null,
  Location: { Time: Date.UTC(2026, 10, 25, 9, 30), X: 6.05, Y: 59.01, Hacc: 5, Alt: 1, Speed: 0 },
  Value: null,
  BodyPosition: null,
  CheckInState: null,
  Notes: [],
  RescueOrgsNotified: [
    {
      RescueOrgCode: 'RESCUE_NO',
      Name: 'Rescue partner Norway',
      NotifiedTimestamp: Date.UTC(2026, 10, 25, 9, 31),
    },
  ],
};

/** The assistance alert, resolved by the guardian Lars at 9:40. */
const resolvedByLars: Alert = {
  ...assistance,
  TimestampClosed: Date.UTC(2026, 10, 25, 9, 40),
  CloseState: 'CLOSED_BY_USER',
  ClosedByActorType: 'GUARDIAN',
  ClosedByName: 'Lars',
};

/**
 * The share page at TOKEN answered by `answer`; `inShell`: inside the app's frame (its header);
 * `messages`: the activity's thread.
 */
function open(answer: () => Response, inShell = false, messages: Message[] = []) {
  server.use(
    http.post(SHARING, answer),
    http.post(THREAD, () =>
      HttpResponse.json({
        MessageThread: { MessageThreadID: 1, ActivityId: 7, Messages: messages },
      }),
    ),
  );
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (input, init) => fetch(input, init) }),
  });
  const routes = inShell ? [{ element: <Shell />, children: shareRoutes }] : shareRoutes;
  return { ...renderRoutesAt(store, routes, `/share/activity/${TOKEN}`), store };
}

const shared = (detail: ActivityDetail) => () =>
  HttpResponse.json({
    Activity: detail,
    Journey: null,
    MemberDetails: { WearerID: 5, NameFirst: 'Ingrid', NameLast: 'Nordvik' },
  });

describe('the shared activity page (issue 8 item 2)', () => {
  it('shows the wearer, the activity, fresh data as live, and the map', async () => {
    open(shared(activity(2_000)));
    expect(await screen.findByRole('heading', { name: 'Ingrid Nordvik' })).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText(/^Kayaking · started/)).toBeVisible();
    expect(screen.getByText('Live:')).toBeVisible();
    // A fix 2 s old: "just now" (docs/share-viewing.md "Data age").
    expect(screen.getByText('last position just now')).toBeVisible();
    expect(screen.getByText('4.25 km')).toBeVisible();
    expect(screen.getByText('7.2 km/h')).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Assistance request/ })).toBeNull();
    expect(await screen.findByTestId('share-map')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Ingrid Nordvik — live');
    });
  });

  it('offers a signed-out viewer a login for the full activity (policy §1)', async () => {
    const { store } = open(shared(activity(2_000)));
    await screen.findByRole('heading', { name: 'Ingrid Nordvik' });
    const offer = () => screen.queryByRole('link', { name: 'Log in to see all of it' });
    // Until the session is known (a member's session may be restoring) there is no offer.
    expect(offer()).toBeNull();
    act(() => {
      store.dispatch(sessionAbsent());
    });
    expect(offer()).toHaveAttribute('href', '/auth/login?returnTo=%2Fmember%2Factivity%2F7');
    expect(offer()?.parentElement).toHaveTextContent(
      'Is this your activity? Log in to see all of it',
    );
  });

  it("asks the share's client for its brand on the token's host, not the page's (app §7)", async () => {
    const asked: string[] = [];
    server.use(
      http.get(
        '*/api/member-integration-public/member-integration-client/:ClientID',
        ({ request }) => {
          asked.push(request.url);
          return HttpResponse.json(testClient);
        },
      ),
    );
    open(shared(activity(2_000)));
    await screen.findByRole('heading', { name: 'Ingrid Nordvik' });
    await waitFor(() => {
      expect(asked).toEqual([
        `${C2_URL}/api/member-integration-public/member-integration-client/1`,
      ]);
    });
    expect(window.location.origin).not.toBe(C2_URL);
  });

  it('hands the map the alerts and the messages to mark along the track', async () => {
    const message: Message = {
      MessageID: 40,
      MessageText: 'Are you OK?',
      SenderName: 'Kari',
      ReplyOptions: ['No', 'Yes'],
      SentTimestamp: Date.now() - 60_000,
      WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [] },
    };
    open(shared(activity(2_000, [assistance])), false, [message]);
    await screen.findByTestId('share-map');
    await waitFor(() => {
      expect(shareMap.props?.messages).toEqual([message]);
    });
    expect(shareMap.props?.alerts.map((alert) => alert.AlertID)).toEqual([3]);
  });

  it('puts the searchlight on the map: the viewer, their heading and the wearer (policy §2 map mode)', async () => {
    const { store } = open(shared(activity(2_000)));
    await screen.findByTestId('share-map');
    expect(shareMap.props?.searchlight).toBeNull();
    // The viewer asks for it (the panel then hands the store the wearer's position), and the
    // searchlight's epic reports this device's position.
    act(() => {
      store.dispatch(searchlightRequestChanged(true));
    });
    act(() => {
      store.dispatch(
        searchlightPositionReceived({ lat: 58.97, lon: 5.7331, accuracy: 12, time: Date.now() }),
      );
    });
    // The wearer is the activity's newest fix.
    expect(shareMap.props?.searchlight).toEqual({
      viewer: { lon: 5.7331, lat: 58.97, accuracyM: 12, headingDeg: null },
      target: { lon: 6.051, lat: 59.011 },
    });
    act(() => {
      store.dispatch(
        searchlightHeadingReceived({ degrees: 84.2, source: 'compass', time: Date.now() }),
      );
    });
    expect(shareMap.props?.searchlight?.viewer.headingDeg).toBe(84.2);
    act(() => {
      store.dispatch(searchlightRequestChanged(false));
    });
    expect(shareMap.props?.searchlight).toBeNull();
  });

  it('follows the units a guardian picks in the header (issue 7 item 6)', async () => {
    open(shared(activity(2_000)), true);
    expect(await screen.findByText('4.25 km')).toBeVisible();
    expect(screen.getByText('7.2 km/h')).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Units' }), 'Imperial');
    expect(screen.getByText('2.64 mi')).toBeVisible();
    expect(screen.getByText('4.5 mph')).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Units' }),
      'Nautical (knots)',
    );
    expect(screen.getByText('4.25 km')).toBeVisible();
    expect(screen.getByText('3.9 kts')).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Units' }), 'Default units');
    expect(screen.getByText('7.2 km/h')).toBeVisible();
  });

  it('shows what the wearer has with them, for rescuers (docs/share-viewing.md "Equipment")', async () => {
    open(
      shared({
        ...activity(2_000),
        Equipment: [
          {
            WearerEquipmentID: 4,
            EquipmentName: 'Sea kayak',
            EquipmentType: 'VESSEL',
            VesselType: 'KAYAK',
            Brand: null,
            Model: null,
            Colour: 'Yellow',
            OtherDetails: null,
          },
        ],
      }),
    );
    const section = await screen.findByRole('region', {
      name: 'What Ingrid Nordvik has with them',
    });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('Sea kayak');
    const facts = within(item)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
    expect(facts).toEqual(['Type: Vessel', 'Vessel type: Kayak', 'Colour: Yellow']);
  });

  it('has no equipment section when none was recorded or none was in use', async () => {
    open(shared({ ...activity(2_000), Equipment: [] }));
    expect(await screen.findByText('Live:')).toBeVisible();
    expect(screen.queryByRole('region', { name: /has with them/ })).toBeNull();
  });

  it('shows no heart rate fact for a device that measures none (a phone app)', async () => {
    open(shared(activity(2_000)));
    expect(await screen.findByText('Live:')).toBeVisible();
    expect(screen.queryByText('Heart rate')).toBeNull();
  });

  it('shows the heart rate the device measured with the newest fix, in whole beats', async () => {
    const detail = activity(2_000);
    const [first, last] = detail.LocationHistory as [LocationPoint, LocationPoint];
    open(
      shared({
        ...detail,
        LocationHistory: [
          { ...first, HeartRate: 88 },
          { ...last, HeartRate: 112.4 },
        ],
      }),
    );
    expect(await screen.findByText('Heart rate')).toBeVisible();
    expect(screen.getByText('112 bpm')).toBeVisible();
  });

  it('shows a heart rate that came after its fix (a late VITALS) from the live update', async () => {
    const detail = activity(2_000);
    const [, last] = detail.LocationHistory as [LocationPoint, LocationPoint];
    const { store } = open(shared(detail));
    expect(await screen.findByText('Live:')).toBeVisible();
    expect(screen.queryByText('Heart rate')).toBeNull();
    act(() => {
      store.dispatch(
        wearerTelemetryReceived({
          receivedAt: Date.now(),
          updates: [
            {
              WearerID: 5,
              ActivityId: 7,
              Points: [],
              Battery: null,
              Status: 'ACTIVE',
              Heading: null,
              HeartRate: 141,
              HeartRateTime: last.Time,
            },
          ],
        }),
      );
    });
    expect(await screen.findByText('Heart rate')).toBeVisible();
    expect(screen.getByText('141 bpm')).toBeVisible();
  });

  it('says when an old heart rate was read instead of passing it off as the current one', async () => {
    const detail = activity(2_000);
    const [, last] = detail.LocationHistory as [LocationPoint, LocationPoint];
    const readAt = last.Time - 61_000;
    const early = { ...last, Time: readAt, HeartRate: 95 };
    open(shared({ ...detail, LocationHistory: [early, last] }));
    expect(await screen.findByText('Heart rate')).toBeVisible();
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(readAt);
    expect(screen.getByText(`95 bpm at ${time}`)).toBeVisible();
  });

  it('never shows old data as live: a fix 10 minutes old is "not live"', async () => {
    open(shared(activity(10 * 60_000)));
    expect(await screen.findByText('Not live:')).toBeVisible();
    expect(screen.getByText('last position 10:00 ago')).toBeVisible();
    expect(screen.getByText(/next report overdue by/)).toBeVisible();
  });

  it("judges a fix's age on the server's clock: a viewer's clock 10 minutes behind does not make an old fix live", async () => {
    // The fix is 2 s old on this device's clock, 10 min 2 s old on the server's.
    const { store } = open(shared(activity(2_000)));
    expect(await screen.findByText('Live:')).toBeVisible();
    act(() => {
      store.dispatch(serverClockAhead(10 * 60_000, Date.now(), C2_URL));
    });
    expect(await screen.findByText('Not live:')).toBeVisible();
    expect(screen.getByText(/^last position 10:0\d ago$/)).toBeVisible();
  });

  it('shows an open alert with its type, severity, time and the rescue organisations notified', async () => {
    open(shared(activity(2_000, [assistance])));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Assistance request');
    expect(banner).toHaveTextContent('Critical');
    expect(banner).toHaveTextContent('Rescue services notified: Rescue partner Norway');
    expect(screen.getByText('Assistance requested')).toBeVisible();
  });

  it('keeps a closed alert’s notes, with who wrote them, in the earlier alerts', async () => {
    const resolved: Alert = {
      ...resolvedByLars,
      Notes: [
        {
          AlertNoteID: 1,
          AlertID: assistance.AlertID,
          NoteText: 'Called her brother, he is on his way',
          AuthorName: 'Kari',
          ActorType: 'GUARDIAN',
          Timestamp: Date.UTC(2026, 10, 25, 9, 35),
        },
      ],
    };
    open(shared(activity(2_000, [resolved])));
    const history = await screen.findByRole('region', { name: 'Earlier alerts' });
    expect(within(history).getByText('Called her brother, he is on his way')).toBeVisible();
    expect(within(history).getByText(/^Kari · /)).toBeVisible();
  });

  it('lists the closed alerts with how each ended, so a viewer whose banner went away reads why', async () => {
    const resolved: Alert = {
      ...resolvedByLars,
      ResolveText: 'Spoke to her, all fine',
      PausedUntilTimestamp: Date.UTC(2026, 10, 25, 10, 10),
    };
    const byOperator: Alert = {
      ...assistance,
      AlertID: 4,
      AlertType: 'NO_MOTION',
      TimestampStart: Date.UTC(2026, 10, 25, 9, 50),
      TimestampClosed: Date.UTC(2026, 10, 25, 9, 55),
      CloseState: 'CLOSED_BY_OPERATOR',
      ClosedByActorType: 'OPERATOR',
      ClosedByName: 'Ole',
    };
    const { store } = open(shared(activity(2_000, [resolved, byOperator])));
    const history = await screen.findByRole('region', { name: 'Earlier alerts' });
    expect(screen.queryByRole('alert')).toBeNull();
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('strong')?.textContent)).toEqual([
      'Alert: No motion',
      'Assistance request',
    ]);
    expect(entries[0]).toHaveTextContent('Closed by operator: Ole (operator)');
    expect(entries[1]).toHaveTextContent('Closed by user: Lars (guardian)');
    expect(entries[1]).toHaveTextContent('Spoke to her, all fine');
    expect(entries[1]).toHaveTextContent(/The wearer's alerts paused until .*10:10/);
    expect(entries[0]).not.toHaveTextContent('paused');

    // The same share watched by the operator monitor is the operator's view: Closed by Operator is
    // hidden there (app §4), the alert stays listed.
    act(() => {
      store.dispatch(monitorShareAdded({ ShareToken: TOKEN }));
    });
    await waitFor(() => {
      expect(within(history).getAllByRole('listitem')[0]).not.toHaveTextContent('Closed by');
    });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Alert: No motion');
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(
      'Closed by user: Lars (guardian)',
    );
  });

  it('opened from a card of a closed monitor, tells its own connection, not the closed monitor’s', async () => {
    const { store } = open(shared(activity(2_000)));
    act(() => {
      store.dispatch(monitorShareAdded({ ShareToken: TOKEN }));
    });
    expect(await screen.findByText('Live:')).toBeVisible();
    act(() => {
      store.dispatch(
        socketStateChanged({
          state: 'reconnecting',
          socketId: null,
          attempt: 3,
          socketKey: shareSocketKey(TOKEN),
        }),
      );
    });
    expect(screen.getByText(/your connection to Lifeline was lost/)).toHaveTextContent(
      'Reconnecting (attempt 3)…',
    );
  });

  it("says when the guardian's own connection is lost, and stops saying it once back", async () => {
    const { store } = open(shared(activity(2_000)));
    expect(await screen.findByText('Live:')).toBeVisible();
    act(() => {
      store.dispatch(
        socketStateChanged({
          state: 'reconnecting',
          socketId: null,
          attempt: 2,
          socketKey: shareSocketKey(TOKEN),
        }),
      );
    });
    expect(screen.getByText(/your connection to Lifeline was lost/)).toHaveTextContent(
      'Reconnecting (attempt 2)…',
    );
    act(() => {
      store.dispatch(
        socketStateChanged({
          state: 'connected',
          socketId: 'abc',
          socketKey: shareSocketKey(TOKEN),
        }),
      );
    });
    expect(screen.queryByText(/your connection to Lifeline was lost/)).toBeNull();
    // The member's socket (a member signed in on this page) is not the guardian's connection.
    act(() => {
      store.dispatch(socketStateChanged({ state: 'disconnected', socketId: null }));
    });
    expect(screen.queryByText(/your connection to Lifeline was lost/)).toBeNull();
  });

  it('sends a bad, expired or revoked link to share-not-found', async () => {
    const { router } = open(() =>
      HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'Not found' }, { status: 404 }),
    );
    expect(
      await screen.findByRole('heading', { name: 'This share link does not work' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/share-not-found');
    expect(screen.getByRole('link', { name: 'Members: log in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });
});
