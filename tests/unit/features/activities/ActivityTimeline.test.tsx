// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../../../src/api/entities/activity';
import { DEFAULT_UNITS } from '../../../../src/api/entities/client';
import { initI18n } from '../../../../src/app/i18n';
import { ActivityTimeline } from '../../../../src/features/activities/components/ActivityTimeline';
import { createStorage } from '../../../../src/streams/storage';
import { formatterFor } from '../../../../src/ui/format';
import { alert, MINUTE, T0 } from '../../store/activities/activityTestKit';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

// The default units show times in UTC, 24 hour.
const format = formatterFor(DEFAULT_UNITS, 'en');

describe('the Timeline tab (policy §3 "Timeline item types"; app §4 "Alert close states")', () => {
  it('lists the items in time order, names the alert, and says how each alert ended', () => {
    const resolved = {
      ...alert(1, 7, T0 + MINUTE),
      AlertType: 'ASSISTANCE' as const,
      TimestampClosed: T0 + 5 * MINUTE,
      CloseState: 'CLOSED_BY_USER' as const,
      ClosedByActorType: 'GUARDIAN' as const,
      ClosedByName: 'Anna',
      ResolveText: 'Called her, she is fine',
    };
    const expired = {
      ...alert(2, 7, T0 + 6 * MINUTE),
      AlertType: 'NO_MOTION' as const,
      TimestampClosed: T0 + 8 * MINUTE,
      CloseState: 'CLOSED_BY_SYSTEM' as const,
      ClosureReason: 'EXPIRED' as const,
    };
    const items: TimelineItem[] = [
      { TimelineItemType: 'ALERT_CLOSED', Timestamp: T0 + 8 * MINUTE, AlertID: 2, Text: null },
      { TimelineItemType: 'ACTIVITY_START', Timestamp: T0 },
      { TimelineItemType: 'ALERT_START', Timestamp: T0 + MINUTE, AlertID: 1 },
      {
        TimelineItemType: 'ALERT_CLOSED',
        Timestamp: T0 + 5 * MINUTE,
        AlertID: 1,
        Text: 'Called her, she is fine',
      },
    ];
    render(<ActivityTimeline items={items} alerts={[resolved, expired]} format={format} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '12:00:00 Activity started',
      '12:01:00 Alert raised · Assistance request',
      '12:05:00 Alert closed · Assistance request · Closed by user: Anna (guardian)Called her, she is fine',
      '12:08:00 Alert closed · No motion · Closed by system: Expired',
    ]);
  });
});
