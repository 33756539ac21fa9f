import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Colour scheme choice: follow the system, or force light or dark (spec application-behaviour §1). */
export type ThemePreference = 'system' | 'light' | 'dark';

/** localStorage key of the colour scheme choice. */
export const THEME_STORAGE_KEY = 'lifeline.theme';

/** Reads a stored theme choice; anything unknown means 'system'. */
export function parseThemePreference(value: string | null): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export interface PreferencesState {
  readonly theme: ThemePreference;
}

const initialState: PreferencesState = { theme: 'system' };

/** Per-browser display preferences (not server data). */
export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState,
  reducers: {
    themePreferenceChanged: (state, action: PayloadAction<ThemePreference>) => {
      state.theme = action.payload;
    },
  },
  selectors: {
    selectThemePreference: (state) => state.theme,
  },
});

export const { themePreferenceChanged } = preferencesSlice.actions;
export const { selectThemePreference } = preferencesSlice.selectors;
