import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { compactOverrides, type UnitOverride, type UnitOverrides } from './unitOverrides';
import { PRESET_FIELDS, PRESET_UNITS, type UnitPreset } from './unitPresets';

/**
 * This app instance's unit choices (app §1 "choice of distance, speed, temperature and time units";
 * §3 "Units defaults"): `overrides` laid over the client's Units by `selectEffectiveUnits`
 * (effectiveUnits.ts). Kept per browser like the colour scheme: loaded from storage at start
 * (main.tsx, `parseUnitOverrides`), written back by unitPreferenceEpics.ts, kept on logout.
 */
export interface UnitPreferenceState {
  readonly overrides: UnitOverrides;
}

const initialState: UnitPreferenceState = { overrides: {} };

export const unitPreferenceSlice = createSlice({
  name: 'unitPreference',
  initialState,
  reducers: {
    /** One unit chosen on the units page, e.g. `{ field: 'Distance', value: 'mi' }`. */
    unitOverrideChanged: (state, { payload }: PayloadAction<UnitOverride>) => {
      state.overrides = { ...state.overrides, [payload.field]: payload.value };
    },
    /** One unit back to the organisation's ("Organisation default" in its select). */
    unitOverrideCleared: (state, { payload }: PayloadAction<{ field: UnitOverride['field'] }>) => {
      state.overrides = compactOverrides({ ...state.overrides, [payload.field]: undefined });
    },
    /**
     * A preset of quantity units chosen (the header's Units select): its units replace the quantity
     * choices; 'default' clears them. Time, date and position choices stay.
     */
    unitPresetChosen: (state, { payload }: PayloadAction<{ preset: UnitPreset | 'default' }>) => {
      const kept = compactOverrides({
        ...state.overrides,
        ...Object.fromEntries(PRESET_FIELDS.map((field) => [field, undefined])),
      });
      state.overrides =
        payload.preset === 'default' ? kept : { ...kept, ...PRESET_UNITS[payload.preset] };
    },
    /** Every choice dropped: the organisation's units again ("Use organisation defaults"). */
    unitOverridesReset: (state) => {
      state.overrides = {};
    },
  },
  selectors: {
    selectUnitOverrides: (state) => state.overrides,
  },
});

export const { unitOverrideChanged, unitOverrideCleared, unitPresetChosen, unitOverridesReset } =
  unitPreferenceSlice.actions;
export const { selectUnitOverrides } = unitPreferenceSlice.selectors;
