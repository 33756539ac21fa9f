import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../../src/api/entities/alert';
import type { Severity } from '../../../../src/api/enums';
import {
  cardAlert,
  compareMonitorCards,
  keepUnchangedCards,
  type MonitorCard,
} from '../../../../src/store/monitor/monitorCards';
import { parseMonitorLink } from '../../../../src/store/monitor/monitorLink';
import { dataAge } from '../../../../src/store/realtime/dataFreshness';
import { alert, T0 } from '../activities/activityTestKit';
import { ACTIVITY_SHARE_CLAIMS, JOURNEY_SHARE_CLAIMS, shareToken } from '../shares/shareTokens';

const JOURNEY_CLAIMS = { ...JOURNEY_SHARE_CLAIMS, JourneyStart: T0 - 86_400_000, JourneyEnd: T0 };

/** A card named `name` with an open alert of `severity` since `alertAt` and a fix `ageMs` old. */
function card(
  name: string,
  severity: Severity | null,
  alertAt: number | null,
  ageMs: number | null,
): MonitorCard {
  const lastFixTime = ageMs === null ? null : T0 - ageMs;
  return {
    ShareToken: `token-${name}`,
    status: 'loaded',
    ActivityId: 1,
    wearerName: name,
    activityStatus: 'ACTIVE',
    lastFixTime,
    lastPosition: null,
    headingDeg: null,
    age: dataAge(lastFixTime, [], T0),
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

describe('keepUnchangedCards (a frame redraws only the cards it changed)', () => {
  it('keeps the earlier object of a card that shows the same, and takes a changed one', () => {
    const before = [card('Ingrid', null, null, 1_000), card('Ola', null, null, 2_000)];
    const same = card('Ingrid', null, null, 1_000);
    const moved = { ...card('Ola', null, null, 2_000), headingDeg: 90 };
    const after = keepUnchangedCards(before, [moved, same]);
    expect(after[0]).toBe(moved);
    expect(after[1]).toBe(before[0]);
    const older = card('Ingrid', null, null, 61_000);
    expect(keepUnchangedCards(before, [older])[0]).toBe(older);
  });
});
