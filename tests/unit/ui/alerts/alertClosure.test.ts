import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../../src/api/entities/alert';
import { initI18n } from '../../../../src/app/i18n';
import { createStorage } from '../../../../src/streams/storage';
import { alertClosureShown, alertClosureText } from '../../../../src/ui/alerts/alertClosure';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

type Closure = Pick<Alert, 'CloseState' | 'ClosureReason' | 'ClosedByActorType' | 'ClosedByName'>;

const closure = (CloseState: Alert['CloseState'], more: Partial<Closure> = {}): Closure => ({
  CloseState,
  ClosureReason: null,
  ClosedByActorType: null,
  ClosedByName: null,
  ...more,
});

describe('how an alert ended (app §4 "Alert close states", "Alert closure reasons")', () => {
  it.each<[string, Closure, string]>([
    [
      "a guardian's resolve",
      closure('CLOSED_BY_USER', { ClosedByActorType: 'GUARDIAN', ClosedByName: 'Anna' }),
      'Closed by user: Anna (guardian)',
    ],
    [
      "the wearer's close command",
      closure('CLOSED_BY_USER', {
        ClosedByActorType: 'WEARER',
        ClosureReason: 'CLOSE_ALL_COMMAND',
      }),
      'Closed by user: Close command from the device',
    ],
    [
      'a reading back to normal',
      closure('CLOSED_BY_SYSTEM', { ClosedByActorType: 'SYSTEM', ClosureReason: 'METRIC' }),
      'Closed by system: Metric back to normal',
    ],
    [
      'a newer alert',
      closure('CLOSED_BY_SYSTEM', { ClosureReason: 'DEFUNCT' }),
      'Closed by system: Newer alert',
    ],
    [
      'an operator with a name',
      closure('CLOSED_BY_OPERATOR', { ClosedByActorType: 'OPERATOR', ClosedByName: ' Ole ' }),
      'Closed by operator: Ole (operator)',
    ],
    ['a plain close', closure('CLOSED'), 'Closed'],
    [
      'a name without a role',
      closure('CLOSED_BY_USER', { ClosedByName: 'Kari', ClosureReason: 'TRACKING_STOPPED' }),
      'Closed by user: Kari, Tracking stopped',
    ],
  ])('%s reads "%s" to the member', (_case, alert, expected) => {
    expect(alertClosureText(i18next.t, alert, 'member')).toBe(expected);
    expect(alertClosureText(i18next.t, alert, 'guardian')).toBe(expected);
  });

  it('an open alert has no close state to show', () => {
    expect(alertClosureShown(closure('OPEN'), 'member')).toBe(false);
    expect(alertClosureText(i18next.t, closure('OPEN'), 'guardian')).toBeNull();
  });

  it('Closed by Operator is hidden in the operator view, and only there', () => {
    const byOperator = closure('CLOSED_BY_OPERATOR', { ClosedByActorType: 'OPERATOR' });
    expect(alertClosureShown(byOperator, 'operator')).toBe(false);
    expect(alertClosureText(i18next.t, byOperator, 'operator')).toBeNull();
    expect(alertClosureShown(byOperator, 'member')).toBe(true);
    expect(alertClosureShown(byOperator, 'guardian')).toBe(true);
    for (const state of ['CLOSED', 'CLOSED_BY_USER', 'CLOSED_BY_SYSTEM'] as const) {
      expect(alertClosureShown(closure(state), 'operator')).toBe(true);
    }
  });

  it('follows the language', async () => {
    await i18next.changeLanguage('de');
    try {
      expect(
        alertClosureText(
          i18next.t,
          closure('CLOSED_BY_SYSTEM', { ClosureReason: 'ZONE_SAFE' }),
          'member',
        ),
      ).toBe('Vom System geschlossen: Zone sicher');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
