import type { Action } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
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
import { monitorShareAdded } from '../../../../src/store/monitor/monitorSlice';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { sharedViewLoaded } from '../../../../src/store/shares/sharedViewsSlice';
import { dataAge } from '../../../../src/store/realtime/dataFreshness';
import { alert, T0 } from '../activities/activityTestKit';
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

  it('re-judges the freshness when the clock passes it', () => {
    const state = watched();
    const later = selectMonitorCards(state, T0 + 600_000);
    expect(later.map((c) => c.freshness)).toEqual(['stale', 'stale']);
  });
});
