import type { UnitOverrides } from './unitOverrides';

/** The quantity fields a preset sets; the time, date and position choices are left as they are. */
export const PRESET_FIELDS = [
  'Distance',
  'Speed',
  'SpeedWind',
  'Temperature',
  'Height',
  'Weight',
] as const;

/** A named set of quantity units (docs/decisions.md "Units preference"). */
export type UnitPreset = 'metric' | 'imperial' | 'nautical';

/** The presets in the order they are offered. */
export const UNIT_PRESETS: readonly UnitPreset[] = ['metric', 'imperial', 'nautical'];

/**
 * The units of each preset (app §3 unit values). The contract has no nautical mile (Distance is km or
 * mi), so "nautical" is knots for speed and wind with metric distances, heights and temperatures.
 * Imperial height `in` shows altitudes in feet (src/ui/format/height.ts).
 */
export const PRESET_UNITS: Readonly<
  Record<UnitPreset, Required<Pick<UnitOverrides, PresetField>>>
> = {
  metric: {
    Distance: 'km',
    Speed: 'km/h',
    SpeedWind: 'km/h',
    Temperature: 'C',
    Height: 'm',
    Weight: 'kg',
  },
  imperial: {
    Distance: 'mi',
    Speed: 'mph',
    SpeedWind: 'mph',
    Temperature: 'F',
    Height: 'in',
    Weight: 'lb',
  },
  nautical: {
    Distance: 'km',
    Speed: 'kts',
    SpeedWind: 'kts',
    Temperature: 'C',
    Height: 'm',
    Weight: 'kg',
  },
};

/** One of {@link PRESET_FIELDS}. */
export type PresetField = (typeof PRESET_FIELDS)[number];

/**
 * Which preset `overrides` amount to for the quantity units: 'default' when none of
 * {@link PRESET_FIELDS} is chosen (they follow the organisation), a preset when all of them equal its
 * units, else 'custom' (chosen one by one on the units page).
 */
export function presetOf(overrides: UnitOverrides): UnitPreset | 'default' | 'custom' {
  if (PRESET_FIELDS.every((field) => overrides[field] === undefined)) return 'default';
  const match = UNIT_PRESETS.find((preset) =>
    PRESET_FIELDS.every((field) => overrides[field] === PRESET_UNITS[preset][field]),
  );
  return match ?? 'custom';
}
