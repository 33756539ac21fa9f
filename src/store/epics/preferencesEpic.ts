import { ignoreElements, tap } from 'rxjs';
import type { AppEpic } from '../epic';
import { THEME_STORAGE_KEY, themePreferenceChanged } from '../slices/preferencesSlice';
import { ofAction } from '../operators/ofAction';

/** Stores the colour scheme choice so the next visit starts with it. */
export const preferencesPersistEpic: AppEpic = (action$, _state$, { storage }) =>
  action$.pipe(
    ofAction(themePreferenceChanged),
    tap((action) => {
      storage.set(THEME_STORAGE_KEY, action.payload);
    }),
    ignoreElements(),
  );
