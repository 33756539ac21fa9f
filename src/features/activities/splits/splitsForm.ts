import * as z from 'zod/mini';
import { SplitsSettings, type SplitsSettingsInput } from '../../../api/entities/splits';
import { SplitType } from '../../../api/enums';

/**
 * The Splits tab's form as typed: the split type and both value fields as text (only the chosen
 * type's field is shown and read).
 */
export interface SplitsFormValues {
  readonly SplitType: SplitType;
  readonly Distance: string;
  readonly Time: string;
}

/**
 * The Splits form's schema (app §5 "Splits distance", "Splits time"): keeps the chosen type's value
 * and validates it with the contract's {@link SplitsSettings} — distance 0.1 to 100 km, time 1 to 60
 * minutes, required, numeric (`'0,5'` too). Errors sit on the `Distance` or `Time` field with
 * translation keys (`Validations.Required`, `.InvalidNumber`, `.Max`, `.Min` with their params).
 * Parses to SplitsSettings, numbers in km or minutes.
 */
export const SplitsForm = z.pipe(
  z.pipe(
    z.object({ SplitType: SplitType, Distance: z.string(), Time: z.string() }),
    z.transform((form): SplitsSettingsInput =>
      form.SplitType === 'DISTANCE_KM'
        ? { SplitType: form.SplitType, Distance: form.Distance }
        : { SplitType: form.SplitType, Time: form.Time },
    ),
  ),
  SplitsSettings,
);

/** Default length of a distance split, km, offered when none is saved. */
export const DEFAULT_SPLIT_DISTANCE_KM = 1;
/** Default length of a time split, minutes, offered when none is saved. */
export const DEFAULT_SPLIT_TIME_MINUTES = 5;

/** The form's starting values: the saved settings (app §3 detail SplitsSettings), else 1 km / 5 min. */
export function splitsFormDefaults(saved: SplitsSettings | null | undefined): SplitsFormValues {
  return {
    SplitType: saved?.SplitType ?? 'DISTANCE_KM',
    Distance: String(
      saved?.SplitType === 'DISTANCE_KM' ? saved.Distance : DEFAULT_SPLIT_DISTANCE_KM,
    ),
    Time: String(saved?.SplitType === 'TIME_MINUTES' ? saved.Time : DEFAULT_SPLIT_TIME_MINUTES),
  };
}
