import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertKindOf } from '../../../../src/api/entities/alert';
import type { AlertType } from '../../../../src/api/enums';
import { initI18n } from '../../../../src/app/i18n';
import { createStorage } from '../../../../src/streams/storage';
import { alertLabel } from '../../../../src/ui/alerts/alertLabel';

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

describe('an alert type as it is shown (policy §3 "Alert": alert, assistance or manual emergency)', () => {
  it.each<[AlertType, 'ALERT' | 'ASSISTANCE' | 'MANUAL', string]>([
    ['ASSISTANCE', 'ASSISTANCE', 'Assistance request'],
    ['MANUAL', 'MANUAL', 'Manual emergency'],
    ['FALL', 'ALERT', 'Alert: Fall'],
    ['NO_MOTION', 'ALERT', 'Alert: No motion'],
    ['GEOFENCE', 'ALERT', 'Alert: Geofence'],
    ['TEMPERATURE_HIGH', 'ALERT', 'Alert: Temperature high'],
    ['BATTERY_CRITICAL', 'ALERT', 'Alert: Battery very low'],
    ['UNKNOWN', 'ALERT', 'Alert: Unknown alert'],
  ])('%s is shown as %s: "%s"', (type, kind, label) => {
    expect(alertKindOf(type)).toBe(kind);
    expect(alertLabel(i18next.t, type)).toBe(label);
  });

  it('follows the language', async () => {
    await i18next.changeLanguage('de');
    try {
      expect(alertLabel(i18next.t, 'FALL')).toBe('Alarm: Sturz');
      expect(alertLabel(i18next.t, 'MANUAL')).toBe('Manueller Notfall');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
