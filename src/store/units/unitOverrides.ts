import * as z from 'zod/mini';
import type { Units } from '../../api/entities/client';
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
} from '../../api/enums';

/**
 * The fields of a client's Units (app §3 "Units defaults") a member or viewer may choose for
 * themselves (app §1: "choice of distance, speed, temperature and time units"): every one but
 * `Timezone`, which names the organisation's zone for the 'Client Timezone' time mode.
 */
export const OVERRIDABLE_UNITS = [
  'Distance',
  'Speed',
  'SpeedWind',
  'Temperature',
  'Height',
  'Weight',
  'Time',
  'TimeFormat',
  'DateFormat',
  'LocationFormat',
] as const satisfies readonly (keyof Units)[];

/** One of {@link OVERRIDABLE_UNITS}. */
export type OverridableUnit = (typeof OVERRIDABLE_UNITS)[number];

/**
 * This app instance's own unit choices laid over the client's Units, e.g. `{ Distance: 'mi',
 * Speed: 'kts' }`; a field that is absent follows the organisation (or the spec's defaults).
 */
export type UnitOverrides = Partial<Pick<Units, OverridableUnit>>;

/** One field set to one of its values: `{ field: 'Distance', value: 'mi' }`. */
export type UnitOverride = {
  [K in OverridableUnit]: { field: K; value: Units[K] };
}[OverridableUnit];

/** localStorage key of the unit choices (a JSON object of {@link UnitOverrides}). */
export const UNITS_STORAGE_KEY = 'lifeline.units';

/**
 * The stored form, validated field by field: a field with a value the contract does not know (an
 * older or tampered entry) is dropped on its own (`catch`), unknown fields are stripped.
 */
const StoredUnitOverrides = z.object({
  Distance: z.catch(z.optional(DistanceUnit), undefined),
  Speed: z.catch(z.optional(SpeedUnit), undefined),
  SpeedWind: z.catch(z.optional(SpeedWindUnit), undefined),
  Temperature: z.catch(z.optional(TemperatureUnit), undefined),
  Height: z.catch(z.optional(HeightUnit), undefined),
  Weight: z.catch(z.optional(WeightUnit), undefined),
  Time: z.catch(z.optional(TimeMode), undefined),
  TimeFormat: z.catch(z.optional(TimeFormat), undefined),
  DateFormat: z.catch(z.optional(DateFormat), undefined),
  LocationFormat: z.catch(z.optional(LocationFormat), undefined),
});

/** `overrides` without the fields whose value is undefined (so `{}` means "no choices"). */
export function compactOverrides(overrides: UnitOverrides): UnitOverrides {
  const compact: UnitOverrides = {};
  for (const field of OVERRIDABLE_UNITS) {
    const value = overrides[field];
    if (value !== undefined) Object.assign(compact, { [field]: value });
  }
  return compact;
}

/**
 * Reads the stored unit choices (the value under {@link UNITS_STORAGE_KEY}, or null): the valid fields
 * of a JSON object; `{}` for null, text that is not JSON, or JSON that is not an object. Never throws.
 */
export function parseUnitOverrides(stored: string | null): UnitOverrides {
  if (stored === null) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return {};
  }
  const parsed = StoredUnitOverrides.safeParse(raw);
  return parsed.success ? compactOverrides(parsed.data) : {};
}

/** The text stored for `overrides` under {@link UNITS_STORAGE_KEY}: JSON, fields in a fixed order. */
export function serializeUnitOverrides(overrides: UnitOverrides): string {
  return JSON.stringify(overrides, [...OVERRIDABLE_UNITS]);
}
