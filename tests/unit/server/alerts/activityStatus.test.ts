import { describe, expect, it } from 'vitest';
import { activityStatus, type StatusAlert } from '../../../../server/alerts/activityStatus';
import type { ActivityStatus } from '../../../../src/api/enums';

const alert = (
  type: StatusAlert['type'],
  closeState: StatusAlert['closeState'] = 'OPEN',
  severity: StatusAlert['severity'] = 4,
): StatusAlert => ({ type, severity, closeState });

describe('activity status follows its alerts (app §4)', () => {
  it.each<[string, boolean, StatusAlert[], ActivityStatus]>([
    ['open, no alerts', true, [], 'ACTIVE'],
    ['ended, no alerts', false, [], 'COMPLETE'],
    ['an open assistance request', true, [alert('ASSISTANCE'), alert('FALL')], 'ASSISTANCE'],
    [
      'an open assistance request after the activity ended',
      false,
      [alert('ASSISTANCE')],
      'ASSISTANCE',
    ],
    ['an open manual emergency', true, [alert('MANUAL'), alert('FALL')], 'MANUAL'],
    ['an open warning', true, [alert('GEOFENCE', 'OPEN', 3)], 'ALERT'],
    ['an open informational alert', true, [alert('BATTERY_LOW', 'OPEN', 1)], 'ACTIVE'],
    ['resolved by a person while open', true, [alert('ASSISTANCE', 'CLOSED_BY_USER')], 'RESOLVED'],
    ['closed by the system while open', true, [alert('NO_DATA', 'CLOSED_BY_SYSTEM', 3)], 'ACTIVE'],
    ['resolved, then ended', false, [alert('ASSISTANCE', 'CLOSED_BY_USER')], 'COMPLETE'],
  ])('%s → %s', (_name, open, alerts, expected) => {
    expect(activityStatus(open, alerts)).toBe(expected);
  });
});
