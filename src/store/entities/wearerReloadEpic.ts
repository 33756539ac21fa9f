import { filter, map } from 'rxjs';
import { wearerRequested } from './wearerSlice';
import type { AppEpic } from '../epic';
import { debounceTimeWithMax } from '../operators/debounceTimeWithMax';
import { WEARER_RELOAD_DEBOUNCE_MS, WEARER_RELOAD_MAX_WAIT_MS } from '../timing';
import { changesOf } from '../activities/entityChanges';

/**
 * Wearer EntityChanges reload the wearer record (`wearerRequested`, loaded by the entity load epic),
 * debounced 4 s with a 6 s maximum wait (spec §9 "Wearer reload is debounced 4 s (max 6 s)"): a
 * burst of changes reloads once, 4 s after its last change, and continuous changes still reload at
 * least every 6 s. It runs from the store's start (src/store/rootEpic.ts), on every screen of a
 * signed-in member, not only once an activity screen has loaded.
 */
export const wearerReloadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    changesOf('Wearer'),
    debounceTimeWithMax(WEARER_RELOAD_DEBOUNCE_MS, WEARER_RELOAD_MAX_WAIT_MS),
    // A reload falling due after logout has no member to load for.
    filter(() => state$.value.session.member !== null),
    map(() => wearerRequested()),
  );
