// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER, of, throwError } from 'rxjs';
import { HttpError, NetworkError } from '../../../../src/api/client/apiErrors';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail } from '../../../../src/api/entities/activity';
import type { MessageThread } from '../../../../src/api/entities/message';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityDetailPage } from '../../../../src/features/activities/pages/ActivityDetailPage';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import { createAppStore } from '../../../../src/store/store';
import { createStorage } from '../../../../src/streams/storage';
import { renderRoutesAt } from '../../support/renderRoutes';
import { testDependencies } from '../../store/testDependencies';
import { equatorActivity, loadDetail, TRACK_START } from './activityTrack';
import FakeUPlot from './fakeUPlot';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';
import { alert } from '../../store/activities/activityTestKit';

vi.mock('uplot', () => import('./fakeUPlot'));
// MapLibre needs WebGL, which jsdom lacks: the map host is a stand-in; the replay around it is real.
vi.mock('../../../../src/ui/map/MapView', () => ({
  MapView: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
  // The replay chunk (deck.gl layers) takes seconds to transform on its first import: here, in the
  // hook's time, rather than inside the first test's waits.
  await import('../../../../src/features/activities/components/ReplayMap');
});

beforeEach(() => {
  FakeUPlot.plots.length = 0;
});

/**
 * The detail page of activity 7 (loaded already; the store's own loads never answer), with its
 * ActivityStats changed by `stats`.
 */
function renderPage(points: number, stats: Partial<ActivityDetail['ActivityStats']> = {}) {
  const calls: MemberCalls = { call: () => NEVER };
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({ memberCalls: () => calls }),
  });
  const detail = equatorActivity(7, points);
  loadDetail(store, { ...detail, ActivityStats: { ...detail.ActivityStats, ...stats } });
  renderRoutesAt(
    store,
    [{ path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> }],
    '/member/activity/7',
  );
  const playbackTimes = () =>
    store.actionLog
      .entries()
      .map((entry) => entry.action)
      .filter((action) => action.type === 'journey/playbackTimeChanged')
      .map((action) => (action as { payload: { timeMs: number } }).payload.timeMs);
  return { playbackTimes };
}

/** A lazy chunk resolves after a few ticks once imported (see beforeAll). */
const CHUNK = { timeout: 5_000 };

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the activity detail page’s Data and Splits tabs (issue 7 item 3)', () => {
  it('offers Data and Splits when the track has points', async () => {
    renderPage(51);
    expect(await screen.findByRole('img', { name: 'Map of the activity' }, CHUNK)).toBeVisible();
    expect(tabNames()).toEqual(['Map', 'Data', 'Splits']);
  });

  it('offers neither for an activity without positions', async () => {
    renderPage(0);
    expect(await screen.findByRole('tab', { name: 'Map' })).toBeVisible();
    expect(tabNames()).toEqual(['Map']);
  });

  it('marks where the replay stopped on the charts, and a click in a chart moves the replay', async () => {
    const { playbackTimes } = renderPage(51);
    // The member scrubs the map's replay to 100 s.
    fireEvent.change(await screen.findByRole('slider', { name: 'Replay time' }, CHUNK), {
      target: { value: '100' },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    expect(await screen.findByRole('figure', { name: 'Speed over time' }, CHUNK)).toBeVisible();
    // The figure commits first; its uPlot is made in the chart's effect, which may run a task later.
    const speed = await waitFor(() => {
      const plot = FakeUPlot.plots[0];
      if (!plot) throw new Error('no speed chart yet');
      return plot;
    });
    expect(speed.over.querySelector<HTMLElement>('.ll-chart-replay')?.style.left).toBe('100px');

    speed.cursor.left = 250;
    fireEvent.click(speed.over);
    expect(playbackTimes().at(-1)).toBe(TRACK_START + 250_000);
    await userEvent.click(screen.getByRole('tab', { name: 'Map' }));
    expect(await screen.findByRole('slider', { name: 'Replay time' }, CHUNK)).toHaveValue('250');
  });

  it('shows the splits form and table on the Splits tab', async () => {
    renderPage(51);
    await userEvent.click(await screen.findByRole('tab', { name: 'Splits' }));
    expect(screen.getByLabelText('Every (km)')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Save splits' })).toBeVisible();
  });
});

describe('the activity detail page’s figures (issue 7)', () => {
  const figure = (name: string) =>
    screen.queryByText(name, { selector: 'dt' })?.parentElement?.querySelector('dd')?.textContent;

  it('shows the average heart rate in whole beats when the activity has one', async () => {
    renderPage(0, { HeartRateAvgBPM: 139.5 });
    expect(await screen.findByText('Average speed')).toBeVisible();
    expect(figure('Average heart rate')).toBe('140 bpm');
  });

  it('shows no heart rate figure without one', async () => {
    renderPage(0, { HeartRateAvgBPM: null });
    expect(await screen.findByText('Average speed')).toBeVisible();
    expect(figure('Average heart rate')).toBeUndefined();
  });
});

/** Activity 7 (51 points, 500 s) loaded, the page open on its trim route; member calls by `calls`. */
function openTrimRoute(calls: MemberCalls) {
  const store = createAppStore({
    epics: activityDataEpics,
    dependencies: testDependencies({ memberCalls: () => calls }),
  });
  loadDetail(store, equatorActivity(7, 51));
  const { router } = renderRoutesAt(
    store,
    [
      { path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> },
      { path: '/member/activity/trim/:ActivityId', element: <ActivityDetailPage trimming /> },
    ],
    '/member/activity/trim/7',
  );
  return { store, router };
}

describe('the trim route /member/activity/trim/{ActivityId} (spec app §2)', () => {
  it('opens the page on its trim, and goes back to the activity once a trim is sent', async () => {
    const { store, router } = openTrimRoute({ call: () => NEVER });
    const cutStart = await screen.findByLabelText('Minutes off the start');
    expect(cutStart).toBeVisible();
    expect(cutStart).toHaveFocus();
    expect(await screen.findByRole('img', { name: 'Map of the activity' }, CHUNK)).toBeVisible();
    // The 500 s activity loses its first 2 minutes: 6:20 are kept.
    await userEvent.type(cutStart, '2');
    const edit = screen.getByRole('region', { name: 'Edit the activity' });
    expect(within(edit).getByRole('status')).toHaveTextContent('(6:20)');
    await userEvent.click(screen.getByRole('button', { name: 'Trim' }));
    expect(
      store.actionLog
        .entries()
        .map((entry) => entry.action)
        .filter((action) => action.type === 'activities/activityTrimRequested'),
    ).toHaveLength(1);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/member/activity/7');
    });
    expect(router.state.historyAction).toBe('REPLACE');
    // The activity now starts 2 minutes later: nothing more is cut from it.
    expect(screen.getByLabelText('Minutes off the start')).toHaveValue(0);
  });

  it('shows the minutes typed again, in the open edit panel, when the server refuses the trim', async () => {
    const calls: MemberCalls = {
      call: (call) =>
        call.name === 'member-wearer-activity-trim'
          ? throwError(
              () => new HttpError(call.name, 500, 'UNKNOWN', 'The activity could not be trimmed'),
            )
          : NEVER,
    };
    const { store, router } = openTrimRoute(calls);
    await userEvent.type(await screen.findByLabelText('Minutes off the start'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Trim' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/member/activity/7');
    });
    const notices = store.getState().notifications;
    expect(JSON.stringify(notices)).toContain('Activities.Errors.TrimFailed');
    const cutStart = screen.getByLabelText('Minutes off the start');
    expect(cutStart).toBeVisible();
    expect(cutStart).toHaveValue(2);
    const edit = screen.getByRole('region', { name: 'Edit the activity' });
    expect(within(edit).getByRole('status')).toHaveTextContent('(6:20)');
    expect(within(edit).getByRole('button', { name: 'Trim' })).toBeEnabled();
  });

  it('keeps the edit panel closed on the activity’s own route', async () => {
    renderPage(51);
    expect(await screen.findByLabelText('Minutes off the start')).not.toBeVisible();
  });
});

describe('the activity detail page when the activity cannot be shown', () => {
  /** The page of activity 9 whose detail load answers `error`. */
  function renderFailing(error: Error) {
    let failures = 0;
    const calls: MemberCalls = {
      call: () => {
        failures += 1;
        return failures <= 2 ? throwError(() => error) : NEVER;
      },
    };
    const store = createAppStore({
      epics: activityDataEpics,
      dependencies: testDependencies({ memberCalls: () => calls }),
    });
    renderRoutesAt(
      store,
      [{ path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> }],
      '/member/activity/9',
    );
  }

  it('says there is no such activity when the server has none of the member (a deleted one)', async () => {
    renderFailing(
      new HttpError('member-wearer-activity-detail', 404, 'UNKNOWN', 'No such activity'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such activity.');
  });

  it('says the load failed when the server could not answer', async () => {
    renderFailing(
      new NetworkError('member-wearer-activity-detail', new TypeError('Failed to fetch')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The activity could not be loaded.');
    // Try again loads it again (its two calls failed once; now they wait).
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading the activity…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the activity detail page’s Messages tab (docs/activities.md "Messages")', () => {
  /** Activity 7's thread: one message the wearer saw and answered, one still waiting. */
  const thread: MessageThread = {
    MessageThreadID: 3,
    ActivityId: 7,
    Messages: [
      {
        MessageID: 30,
        MessageText: 'Are you OK?',
        SenderName: 'Mum',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: TRACK_START + 60_000,
        WearerMessageState: {
          DeliveredTime: TRACK_START + 70_000,
          SeenTime: TRACK_START + 80_000,
          Replies: [{ ReplyText: 'Yes', ReceivedTime: TRACK_START + 90_000 }],
        },
      },
      {
        MessageID: 31,
        MessageText: 'Call me when you land',
        SenderName: 'Ole',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: TRACK_START + 120_000,
        WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [] },
      },
    ],
  };

  /** The page of activity 7 whose messages call answers `answer`; other calls never answer. */
  function renderWithMessages(answer: { MessageThread: MessageThread | null }) {
    const asked: unknown[] = [];
    const calls: MemberCalls = {
      call: (def, request) => {
        if (def.name !== 'member-wearer-activity-messages') return NEVER;
        asked.push(request);
        return of(answer) as never;
      },
    };
    const store = createAppStore({
      epics: activityDataEpics,
      dependencies: testDependencies({ memberCalls: () => calls }),
    });
    loadDetail(store, equatorActivity(7, 51));
    renderRoutesAt(
      store,
      [{ path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> }],
      '/member/activity/7',
    );
    return { asked };
  }

  it('marks the messages on the map, keyed in its legend', async () => {
    renderWithMessages({ MessageThread: thread });
    await screen.findByRole('tab', { name: 'Messages' });
    const legend = await screen.findByRole('list', { name: 'Map key' }, CHUNK);
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Start', 'End', 'Message to the wearer']);
  });

  it('shows each message with its sender, delivery state and the wearer’s replies', async () => {
    const { asked } = renderWithMessages({ MessageThread: thread });
    await userEvent.click(await screen.findByRole('tab', { name: 'Messages' }));
    expect(asked).toEqual([{ ActivityId: 7 }]);
    expect(tabNames()).toEqual(['Map', 'Data', 'Splits', 'Messages']);
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    const [first, , second] = items;
    expect(first).toHaveTextContent('Are you OK?');
    expect(first).toHaveTextContent('Mum');
    expect(first).toHaveTextContent('Seen by the wearer');
    expect(first).toHaveTextContent(/Reply .*: Yes/);
    expect(second).toHaveTextContent('Call me when you land');
    expect(second).toHaveTextContent('Waiting to be delivered');
  });

  it('offers no Messages tab when nobody wrote during the activity', async () => {
    const { asked } = renderWithMessages({ MessageThread: null });
    expect(await screen.findByRole('tab', { name: 'Map' })).toBeVisible();
    await waitFor(() => {
      expect(asked).toEqual([{ ActivityId: 7 }]);
    });
    expect(tabNames()).toEqual(['Map', 'Data', 'Splits']);
  });
});

describe('the activity detail page’s Equipment tab (docs/activities.md "Equipment")', () => {
  function renderWithEquipment(Equipment: ActivityDetail['Equipment']) {
    const calls: MemberCalls = { call: () => NEVER };
    const store = createAppStore({
      epics: activityDataEpics,
      dependencies: testDependencies({ memberCalls: () => calls }),
    });
    loadDetail(store, { ...equatorActivity(7, 0), ActivityType: 'KAYAKING', Equipment });
    renderRoutesAt(
      store,
      [{ path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> }],
      '/member/activity/7',
    );
  }

  it('lists what was in use for the activity, with the details given, and links to that type’s equipment', async () => {
    renderWithEquipment([
      {
        WearerEquipmentID: 4,
        EquipmentName: 'Sea kayak',
        EquipmentType: 'VESSEL',
        VesselType: 'KAYAK',
        Brand: 'Valley',
        Model: null,
        Colour: 'Yellow',
        OtherDetails: null,
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Equipment' }));
    const panel = screen.getByRole('tabpanel');
    const item = within(panel).getByRole('listitem');
    expect(item).toHaveTextContent('Sea kayak');
    const facts = within(item)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
    expect(facts).toEqual([
      'Type: Vessel',
      'Vessel type: Kayak',
      'Brand: Valley',
      'Colour: Yellow',
    ]);
    expect(within(panel).getByRole('link', { name: 'Equipment for Kayaking' })).toHaveAttribute(
      'href',
      '/member/equipment-activity-type/KAYAKING',
    );
  });

  it.each([
    ['nothing was in use', []],
    ['it was not recorded', null],
  ])('offers no Equipment tab when %s', async (_case, equipment) => {
    renderWithEquipment(equipment);
    expect(await screen.findByRole('tab', { name: 'Map' })).toBeVisible();
    expect(tabNames()).toEqual(['Map']);
  });
});

describe('the activity detail page’s Contacts tab (docs/activities.md "Contacts")', () => {
  it('lists, per alert, who was told, how, and whether it went out', async () => {
    const calls: MemberCalls = { call: () => NEVER };
    const store = createAppStore({
      epics: activityDataEpics,
      dependencies: testDependencies({ memberCalls: () => calls }),
    });
    const fallAt = TRACK_START + 60_000;
    const told = { AlertID: 9, CreatedTime: fallAt, RecipientName: 'Erik Emergency' };
    loadDetail(store, {
      ...equatorActivity(7, 0),
      Alerts: [alert(9, 7, fallAt)],
      Notifications: [
        { ...told, Channel: 'SMS', Recipient: '+4791234567', DeliveredTime: fallAt, Failed: false },
        { ...told, Channel: 'CALL', Recipient: '+4791234567', DeliveredTime: null, Failed: true },
        {
          ...told,
          RecipientName: 'Rescue partner Norway',
          Channel: 'EMAIL',
          Recipient: 'alerts@rescue.example',
          DeliveredTime: null,
          Failed: false,
        },
      ],
    });
    renderRoutesAt(
      store,
      [{ path: '/member/activity/:ActivityId', element: <ActivityDetailPage /> }],
      '/member/activity/7',
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Contacts' }));
    const fall = within(screen.getByRole('tabpanel')).getByRole('region', { name: /^Fall · / });
    const lines = within(fall)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Erik Emergency Text message to \+4791234567 · Sent \d\d:\d\d$/),
      'Erik Emergency Voice call to +4791234567 · Could not be sent',
      'Rescue partner Norway E-mail to alerts@rescue.example · Waiting to be sent',
    ]);
  });
});
