import type { Action } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../../src/api/entities/alert';
import type { Severity } from '../../../../src/api/enums';
import {
  cardAlert,
  compareMonitorCards,
  cardFix,
  selectMonitorCards,
  type MonitorCard,
} from '../../../../src/store/monitor/monitorCards';
import { parseMonitorLink } from '../../../../src/store/monitor/monitorLink';
import {
  monitorAlertCued,
  monitorCueDismissed,
  monitorShareAdded,
  monitorShareRemoved,
} from '../../../../src/store/monitor/monitorSlice';
import { activityDetailLoaded } from '../../../../src/store/activities/activityEvents';
import { alertsReceived } from '../../../../src/store/activities/alertsSlice';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { sharedViewLoaded } from '../../../../src/store/shares/sharedViewsSlice';
import { dataAge } from '../../../../src/store/realtime/dataFreshness';
import { alert, detail, loadedDetail, T0 } from '../activities/activityTestKit';
import { ACTIVITY_SHARE_CLAIMS, JOURNEY_SHARE_CLAIMS, shareToken } from '../shares/shareTokens';
import { selectLocationHistoryState } from '../../../../src/store/locationHistory/locationHistorySlice';

const JOURNEY_CLAIMS = { ...JOURNEY_SHARE_CLAIMS, JourneyStart: T0 - 86_400_000, JourneyEnd: T0 };

/** A card named `name` with an open alert of `severity` since `alertAt` and a fix `ageMs` old. */
function card(
  name: string,
  severity: Severity | null,
  alertAt: number | null,
  ageMs: number | null,
): MonitorCard {
  const lastFixTime = ageMs === null ? null : T0 - ageMs;
  const freshness = dataAge(lastFixTime, [], T0).freshness;
  return {
    ShareToken: `token-${name}`,
    status: 'loaded',
    ActivityId: 1,
    WearerID: 1,
    wearerName: name,
    activityStatus: 'ACTIVE',
    freshness,
    staleSince: freshness === 'live' ? null : lastFixTime,
    alert:
      severity === null
        ? null
        : { AlertID: 1, AlertType: 'FALL', Severity: severity, TimestampStart: alertAt ?? T0 },
    cued: false,
  };
}

const sorted = (cards: MonitorCard[]) =>
  [...cards].sort(compareMonitorCards).map((c) => c.wearerName);

describe('the monitor’s order (issue 8 item 6: severity, then time unacknowledged, then data age)', () => {
  it.each([
    [
      'Critical before Warning before Low before no alert',
      [
        card('none', null, null, 0),
        card('low', 2, T0, 0),
        card('crit', 4, T0, 0),
        card('warn', 3, T0, 0),
      ],
      ['crit', 'warn', 'low', 'none'],
    ],
    [
      'same severity: the oldest open alert first',
      [card('new', 4, T0 - 1_000, 0), card('old', 4, T0 - 60_000, 0)],
      ['old', 'new'],
    ],
    [
      'severity beats time unacknowledged',
      [card('old-warn', 3, T0 - 3_600_000, 0), card('new-crit', 4, T0, 0)],
      ['new-crit', 'old-warn'],
    ],
    [
      'no alerts: the stalest data first, no fix at all first of all',
      [
        card('fresh', null, null, 5_000),
        card('nofix', null, null, null),
        card('stale', null, null, 900_000),
      ],
      ['nofix', 'stale', 'fresh'],
    ],
    [
      'same alert time: the stalest data first',
      [card('fresh', 4, T0, 1_000), card('stale', 4, T0, 300_000)],
      ['stale', 'fresh'],
    ],
    [
      'live cards by name, not by the second of their last fix (no card moves on every fix)',
      [card('Bea', null, null, 1_000), card('Ada', null, null, 9_000)],
      ['Ada', 'Bea'],
    ],
    [
      'cards that are not live: the oldest fix first',
      [card('late-new', null, null, 100_000), card('late-old', null, null, 150_000)],
      ['late-old', 'late-new'],
    ],
    [
      'all equal: by name',
      [card('Bea', null, null, 0), card('Ada', null, null, 0)],
      ['Ada', 'Bea'],
    ],
    [
      'a link that no longer works after every working one, however stale',
      [
        { ...card('dead', null, null, null), status: 'notFound' as const },
        card('fresh', null, null, 0),
        card('warn', 3, T0, 0),
      ],
      ['warn', 'fresh', 'dead'],
    ],
  ])('%s', (_name, cards, expected) => {
    expect(sorted(cards)).toEqual(expected);
  });

  it('shows the most severe open alert of an activity, the oldest among equals', () => {
    const closed: Alert = { ...alert(1, 7, T0 - 9_000), Severity: 4, CloseState: 'CLOSED' };
    const lowOld: Alert = { ...alert(2, 7, T0 - 8_000), Severity: 2 };
    const critNew: Alert = { ...alert(3, 7, T0 - 1_000), Severity: 4 };
    const critOld: Alert = { ...alert(4, 7, T0 - 2_000), Severity: 4 };
    expect(cardAlert([closed, lowOld, critNew, critOld])?.AlertID).toBe(4);
    expect(cardAlert([closed])).toBeNull();
  });
});

describe('a pasted monitor link', () => {
  const activity = shareToken(ACTIVITY_SHARE_CLAIMS);
  const journey = shareToken(JOURNEY_CLAIMS);
  it.each([
    ['a share link', `https://app.example/share/activity/${activity}`, { ShareToken: activity }],
    [
      'a link with a code',
      `http://127.0.0.1:8080/share/activity/${activity}?totp=123456`,
      { ShareToken: activity },
    ],
    ['a bare token with blanks', `  ${activity}\n`, { ShareToken: activity }],
    ['a journey link', `https://app.example/share/journey/${journey}`, { error: 'JourneyLink' }],
    ['a bare journey token', journey, { error: 'JourneyLink' }],
    ['garbage', 'not a link', { error: 'Invalid' }],
    ['an empty text', '   ', { error: 'Invalid' }],
    ['a tampered payload', `https://app.example/share/activity/a.b.c`, { error: 'Invalid' }],
  ])('%s', (_name, text, expected) => {
    expect(parseMonitorLink(text)).toEqual(expected);
  });
});

describe('selectMonitorCards: a frame makes again only the cards it changed', () => {
  const update = (WearerID: number, Time: number, Heading: number | null) =>
    wearerTelemetryReceived({
      receivedAt: T0,
      updates: [
        {
          WearerID,
          ActivityId: WearerID,
          Points: [{ Time, X: 6, Y: 59, Alt: null, Hacc: null, Speed: null }],
          Battery: null,
          Status: 'ACTIVE',
          Heading,
        },
      ],
    });
  /** Two watched shares of wearers (and activities) 7 and 8, both live at T0. */
  function watched(): RootState {
    const actions: Action[] = [
      monitorShareAdded({ ShareToken: 'token-7' }),
      monitorShareAdded({ ShareToken: 'token-8' }),
      ...[7, 8].map((id) =>
        sharedViewLoaded({
          ShareToken: `token-${id}`,
          ActivityId: id,
          Journey: null,
          MemberDetails: { WearerID: id, NameFirst: `Wearer${id}`, NameLast: 'Test' },
        }),
      ),
      update(7, T0 - 2_000, null),
      update(8, T0 - 2_000, null),
      update(7, T0 - 1_000, null),
      update(8, T0 - 1_000, null),
    ];
    return actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
  }

  it('keeps the array while nothing changed, and across a second that changes no freshness', () => {
    const state = watched();
    const first = selectMonitorCards(state, T0);
    expect(first.map((c) => c.wearerName)).toEqual(['Wearer7 Test', 'Wearer8 Test']);
    expect(selectMonitorCards({ ...state }, T0)).toBe(first);
    expect(selectMonitorCards(state, T0 + 1_000)).toBe(first);
  });

  it('judges a card again when its freshness runs out, and again when the clock is set back', () => {
    const state = watched();
    // Both wearers' last fix at T0 − 1 s, a second apart: live up to T0 + 15 s (1 s + 15 s of
    // grace), late up to T0 + 17 s (3 intervals + the grace), stale after.
    const live = selectMonitorCards(state, T0);
    expect(selectMonitorCards(state, T0 + 15_000)).toBe(live);
    const freshness = (now: number) => selectMonitorCards(state, now).map((c) => c.freshness);
    expect(freshness(T0 + 15_001)).toEqual(['late', 'late']);
    expect(freshness(T0 + 17_001)).toEqual(['stale', 'stale']);
    expect(freshness(T0 + 10_000)).toEqual(['live', 'live']);
  });

  it('keeps no result per second of a quiet hour (reselect warns of a growing cache)', () => {
    const state = watched();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (let s = 0; s < 3_600; s += 1) selectMonitorCards(state, T0 + s * 1_000);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps every card and the list when a live wearer reports (the live part follows the fix)', () => {
    const state = watched();
    const before = selectMonitorCards(state, T0);
    const next = rootReducer(state, update(8, T0, 90));
    expect(selectMonitorCards(next, T0)).toBe(before);
    expect(
      cardFix(next.liveWearers.entities[8], selectLocationHistoryState(next).tracks[8]),
    ).toMatchObject({
      lastFixTime: T0,
      headingDeg: 90,
      position: { lon: 6, lat: 59 },
    });
  });

  it('makes a new card when what it shows changes: a wearer that was not live reports', () => {
    const state = watched();
    const [seven, eight] = selectMonitorCards(state, T0 + 600_000);
    expect(eight).toMatchObject({ freshness: 'stale', staleSince: T0 - 1_000 });
    const next = rootReducer(state, update(8, T0 + 600_000, null));
    const after = selectMonitorCards(next, T0 + 600_000);
    expect(after.find((c) => c.WearerID === 7)).toBe(seven);
    expect(after.find((c) => c.WearerID === 8)).toMatchObject({
      freshness: 'live',
      staleSince: null,
    });
  });

  /** Activity `id`'s detail loaded with `Status` (open since an hour before T0). */
  const statusLoaded = (id: number, Status: 'ACTIVE' | 'ASSISTANCE' | 'RESOLVED') =>
    activityDetailLoaded({ detail: { ...loadedDetail(detail(id, T0 - 3_600_000, null)), Status } });
  const cardOf = (cards: readonly MonitorCard[], token: string) =>
    cards.find((c) => c.ShareToken === token);

  it('follows a status, an alert, a cue and a view that change between frames of telemetry', () => {
    // Each change comes after calls in which the card was not made again (frames of other wearers):
    // what a card took from the views, details, alerts and cues must follow those records.
    let state = rootReducer(watched(), statusLoaded(7, 'ACTIVE'));
    expect(cardOf(selectMonitorCards(state, T0), 'token-7')?.activityStatus).toBe('ACTIVE');
    state = rootReducer(state, update(8, T0, null));
    selectMonitorCards(state, T0);
    // The live status (TelemetryWearerUpdate) wins over the detail's; a wearer without one shows it.
    state = rootReducer(state, monitorShareAdded({ ShareToken: 'token-9' }));
    state = rootReducer(
      state,
      sharedViewLoaded({
        ShareToken: 'token-9',
        ActivityId: 9,
        Journey: null,
        MemberDetails: { WearerID: 9, NameFirst: 'Wearer9', NameLast: 'Test' },
      }),
    );
    state = rootReducer(state, statusLoaded(9, 'ACTIVE'));
    expect(cardOf(selectMonitorCards(state, T0), 'token-9')?.activityStatus).toBe('ACTIVE');
    state = rootReducer(state, update(8, T0 + 1, null));
    selectMonitorCards(state, T0);
    state = rootReducer(state, statusLoaded(9, 'ASSISTANCE'));
    expect(cardOf(selectMonitorCards(state, T0), 'token-9')?.activityStatus).toBe('ASSISTANCE');

    state = rootReducer(state, alertsReceived([alert(5, 8, T0 - 5_000)]));
    expect(cardOf(selectMonitorCards(state, T0), 'token-8')?.alert?.AlertID).toBe(5);
    state = rootReducer(state, monitorAlertCued({ ShareToken: 'token-8', AlertID: 5 }));
    expect(cardOf(selectMonitorCards(state, T0), 'token-8')?.cued).toBe(true);
    state = rootReducer(state, update(7, T0 + 2, null));
    selectMonitorCards(state, T0);
    state = rootReducer(state, monitorCueDismissed({ ShareToken: 'token-8' }));
    expect(cardOf(selectMonitorCards(state, T0), 'token-8')?.cued).toBe(false);

    // The share now follows wearer 8's activity: the card takes its alert and live status.
    state = rootReducer(
      state,
      sharedViewLoaded({
        ShareToken: 'token-9',
        ActivityId: 8,
        Journey: null,
        MemberDetails: { WearerID: 8, NameFirst: 'Wearer9', NameLast: 'Test' },
      }),
    );
    expect(cardOf(selectMonitorCards(state, T0), 'token-9')).toMatchObject({
      ActivityId: 8,
      WearerID: 8,
      activityStatus: 'ACTIVE',
      alert: { AlertID: 5 },
    });
  });

  it('keeps two stores apart, and a share removed and added again between calls', () => {
    const base = watched();
    const one = rootReducer(base, statusLoaded(7, 'ASSISTANCE'));
    const other = rootReducer(base, statusLoaded(7, 'RESOLVED'));
    // Wearer 7 is live (its updates carry ACTIVE), so each store's status shows for a share whose
    // wearer has not reported: the view is loaded again for another wearer.
    const unreported = (state: RootState) =>
      rootReducer(
        state,
        sharedViewLoaded({
          ShareToken: 'token-7',
          ActivityId: 7,
          Journey: null,
          MemberDetails: { WearerID: 70, NameFirst: 'Wearer7', NameLast: 'Test' },
        }),
      );
    const a = unreported(one);
    const b = unreported(other);
    expect(cardOf(selectMonitorCards(a, T0), 'token-7')?.activityStatus).toBe('ASSISTANCE');
    expect(cardOf(selectMonitorCards(b, T0), 'token-7')?.activityStatus).toBe('RESOLVED');
    expect(
      cardOf(selectMonitorCards(rootReducer(a, update(8, T0, null)), T0), 'token-7')
        ?.activityStatus,
    ).toBe('ASSISTANCE');
    const again = [
      monitorShareRemoved({ ShareToken: 'token-7' }),
      monitorShareAdded({ ShareToken: 'token-7' }),
      statusLoaded(7, 'ACTIVE'),
    ].reduce(rootReducer, b);
    expect(cardOf(selectMonitorCards(again, T0), 'token-7')?.activityStatus).toBe('ACTIVE');
  });

  it('re-judges the freshness when the clock passes it', () => {
    const state = watched();
    const later = selectMonitorCards(state, T0 + 600_000);
    expect(later.map((c) => c.freshness)).toEqual(['stale', 'stale']);
  });
});
