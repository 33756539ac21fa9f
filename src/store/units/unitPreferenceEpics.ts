import { ignoreElements, tap } from 'rxjs';
import type { AppEpic } from '../epic';
import { serializeUnitOverrides, UNITS_STORAGE_KEY } from './unitOverrides';
import {
  selectUnitOverrides,
  unitOverrideChanged,
  unitOverrideCleared,
  unitOverridesReset,
  unitPresetChosen,
} from './unitPreferenceSlice';
import { ofAction } from '../operators/ofAction';

const UNIT_CHOICE_ACTIONS = [
  unitOverrideChanged,
  unitOverrideCleared,
  unitPresetChosen,
  unitOverridesReset,
] as const;

/**
 * Stores the unit choices after each change so the next visit starts with them (as the colour
 * scheme is, preferencesEpic.ts): the JSON of the overrides under `lifeline.units`, or no entry
 * when nothing is chosen.
 */
export const unitPreferencePersistEpic: AppEpic = (action$, state$, { storage }) =>
  action$.pipe(
    ofAction(...UNIT_CHOICE_ACTIONS),
    tap(() => {
      const overrides = selectUnitOverrides(state$.value);
      if (Object.keys(overrides).length === 0) storage.remove(UNITS_STORAGE_KEY);
      else storage.set(UNITS_STORAGE_KEY, serializeUnitOverrides(overrides));
    }),
    ignoreElements(),
  );
