import type { Units } from '../../../api/entities/client';
import {
  DateFormat,
  DistanceUnit,
  HeightUnit,
  LocationFormat,
  SpeedUnit,
  SpeedWindUnit,
  TemperatureUnit,
  TimeFormat,
  TimeMode,
  WeightUnit,
} from '../../../api/enums';
import type { OverridableUnit } from '../../../store/units/unitOverrides';
import { DATE_FORMAT_HINT_KEYS } from '../personalDetails/personalDetailsForm';

/** One select of the units page: the field, its label key and each value's label key. */
export interface UnitChoice<F extends OverridableUnit = OverridableUnit> {
  readonly field: F;
  readonly labelKey: string;
  readonly values: readonly { readonly value: Units[F]; readonly labelKey: string }[];
}

/** Label keys of `values` under `Settings.Units.Values.<group>.<name>`, `name` a key-safe alias. */
function choice<F extends OverridableUnit>(
  field: F,
  options: readonly Units[F][],
  keyOf: (value: Units[F]) => string,
): UnitChoice<F> {
  return {
    field,
    labelKey: `Settings.Units.Fields.${field}`,
    values: options.map((value) => ({ value, labelKey: keyOf(value) })),
  };
}

/** Unit values as translation key segments ('km/h' is not a key: i18next would read it as a path). */
const KEY_SAFE: Readonly<Record<string, string>> = {
  'km/h': 'kmh',
  'm/s': 'mps',
  'Local Browser': 'LocalBrowser',
  'Client Timezone': 'ClientTimezone',
  '24 hour': 'Hours24',
  '12 hour': 'Hours12',
};

const valueKey = (group: string) => (value: string) =>
  `Settings.Units.Values.${group}.${KEY_SAFE[value] ?? value}`;

/**
 * The selects of the units page in their order (app §3 "Units defaults" and the unit values there;
 * policy "Vocabulary" location formats): quantities first, then time, date and position. The date
 * formats reuse the personal-details hints (dd/mm/yyyy …).
 */
export const UNIT_CHOICES: readonly UnitChoice[] = [
  choice('Distance', DistanceUnit.options, valueKey('Distance')),
  choice('Speed', SpeedUnit.options, valueKey('Speed')),
  choice('SpeedWind', SpeedWindUnit.options, valueKey('Speed')),
  choice('Temperature', TemperatureUnit.options, valueKey('Temperature')),
  choice('Height', HeightUnit.options, valueKey('Height')),
  choice('Weight', WeightUnit.options, valueKey('Weight')),
  choice('Time', TimeMode.options, valueKey('Time')),
  choice('TimeFormat', TimeFormat.options, valueKey('TimeFormat')),
  choice('DateFormat', DateFormat.options, (value) => DATE_FORMAT_HINT_KEYS[value]),
  choice('LocationFormat', LocationFormat.options, valueKey('LocationFormat')),
];
