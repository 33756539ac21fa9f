import { describe, expect, it } from 'vitest';
import { activityTimeline } from '../../../../server/activities/activityTimeline';
import type { Alert } from '../../../../src/api/entities/alert';

const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

const fall: Alert = {
  AlertID: 7,
  WearerID: 1000,
  ActivityId: 3,
  AlertType: 'FALL',
  Severity: 4,
  TimestampStart: T0 + 60_000,
  TimestampUpdated: T0 + 300_000,
  TimestampClosed: T0 + 300_000,
  CloseState: 'CLOSED_BY_USER',
  ClosureReason: null,
  ClosedByActorType: 'GUARDIAN',
  ClosedByName: 'Lars',
  ResolveText: 'She is fine, called her',
  PausedUntilTimestamp: null,
  Location: null,
  Value: null,
  BodyPosition: 'LEFT_SIDE',
  CheckInState: null,
  Notes: [
    {
      AlertNoteID: 1,
      AlertID: 7,
      NoteText: 'Calling her now',
      AuthorName: 'Lars',
      ActorType: 'GUARDIAN',
      Timestamp: T0 + 120_000,
    },
  ],
  RescueOrgsNotified: [],
};

describe('activity timeline (policy §3 timeline item types)', () => {
  it('orders start, alert start, body position, note, closing and end by time', () => {
    const items = activityTimeline({ TimestampStart: T0, TimestampEnd: T0 + 600_000 }, [fall]);
    expect(
      items.map((item) => [item.TimelineItemType, item.Timestamp - T0, item.Text ?? null]),
    ).toEqual([
      ['ACTIVITY_START', 0, null],
      ['ALERT_START', 60_000, null],
      ['BODY_POSITION', 60_000, null],
      ['ALERT_NOTE', 120_000, 'Lars: Calling her now'],
      ['ALERT_CLOSED', 300_000, 'She is fine, called her'],
      ['ACTIVITY_END', 600_000, null],
    ]);
    expect(items[2]?.BodyPosition).toBe('LEFT_SIDE');
  });

  it('an open activity with an open alert has no closing and no end; a system closure has no text (its reason is a field the client translates)', () => {
    const open = activityTimeline({ TimestampStart: T0, TimestampEnd: null }, [
      { ...fall, TimestampClosed: null, CloseState: 'OPEN', Notes: [], BodyPosition: null },
    ]);
    expect(open.map((item) => item.TimelineItemType)).toEqual(['ACTIVITY_START', 'ALERT_START']);
    const expired = activityTimeline({ TimestampStart: T0, TimestampEnd: null }, [
      { ...fall, ResolveText: null, ClosureReason: 'EXPIRED', Notes: [], BodyPosition: null },
    ]);
    expect(expired.at(-1)).toMatchObject({ TimelineItemType: 'ALERT_CLOSED', Text: null });
  });
});
