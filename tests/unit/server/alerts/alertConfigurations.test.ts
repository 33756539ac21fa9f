import { describe, expect, it } from 'vitest';
import {
  ALERT_PROFILES,
  alertConfigMap,
  defaultAlertConfigurations,
} from '../../../../server/alerts/alertConfigurations';
import { AlertConfiguration } from '../../../../src/api/entities/alert';
import type { AlertType } from '../../../../src/api/enums';

/**
 * The spec's default thresholds (app §9 "Default alert thresholds"), the same in every profile
 * except no motion: [type, threshold, secondary threshold, units].
 */
const THRESHOLDS: readonly [AlertType, number, number | null, string][] = [
  ['TEMPERATURE_HIGH', 37.2, null, 'C'],
  ['TEMPERATURE_LOW', 32, null, 'C'],
  ['OXYGEN_LOW', 95, null, '%'],
  ['RESPIRATORY_HIGH', 21, null, 'BPM'],
  ['RESPIRATORY_LOW', 11, null, 'BPM'],
  ['GEOFENCE', 5, null, 'km'],
  ['FALL', 50, null, '%'],
  ['NO_DATA', 3600, null, 's'],
  ['NO_GPS', 3600, null, 's'],
  ['NOT_WORN', 3600, 900, 's'],
  ['BATTERY_LOW', 15, null, '%'],
  ['BATTERY_CRITICAL', 5, null, '%'],
];

/** The spec's history ranges 3, 15, 10, 360, held as minutes (docs/decisions.md "Alerts"). */
const HISTORY_RANGES: readonly [AlertType, number][] = [
  ['OXYGEN_LOW', 3],
  ['TEMPERATURE_HIGH', 15],
  ['TEMPERATURE_LOW', 15],
  ['RESPIRATORY_HIGH', 10],
  ['RESPIRATORY_LOW', 10],
  ['GEOFENCE', 360],
];

describe('default alert configurations (issue 5 item 3; app §3, §9)', () => {
  for (const profile of ALERT_PROFILES) {
    describe(profile, () => {
      const configs = alertConfigMap(profile);

      it.each(THRESHOLDS)(
        '%s: threshold %s, secondary %s, in %s',
        (type, value, secondary, units) => {
          expect(configs.get(type)).toMatchObject({
            ThresholdValue: value,
            SecondaryThresholdValue: secondary,
            ThresholdUnits: units,
          });
        },
      );

      it.each(HISTORY_RANGES)('%s looks back %s minutes', (type, minutes) => {
        expect(configs.get(type)?.HistoryRange).toBe(minutes);
      });

      it('no motion after 60 minutes in general, 30 in protect-active and care', () => {
        expect(configs.get('NO_MOTION')?.ThresholdValue).toBe(profile === 'GENERAL' ? 3600 : 1800);
      });

      it('every configuration is one the contract accepts', () => {
        for (const config of defaultAlertConfigurations(profile)) {
          expect(AlertConfiguration.safeParse(config).success, config.AlertType).toBe(true);
        }
      });
    });
  }
});
