import { combineSlices } from '@reduxjs/toolkit';
import { preferencesSlice } from './slices/preferencesSlice';
import { runtimeConfigSlice } from './slices/runtimeConfigSlice';

/** The root reducer: every slice of the store, combined (feature slices are added by their issues). */
export const rootReducer = combineSlices(runtimeConfigSlice, preferencesSlice);

export type RootState = ReturnType<typeof rootReducer>;
