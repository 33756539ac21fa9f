import * as z from 'zod/mini';
import { baseString, rule, typeError } from './messages';

/** Fewest favourite activity types a member may have (policy-and-vocabulary §5 and §9). */
export const FAVOURITES_MIN = 1;
/** Most favourite activity types a member may have (policy-and-vocabulary §5 and §9). */
export const FAVOURITES_MAX = 9;

/**
 * The member's favourite activity types (policy-and-vocabulary §5 "At least one activity type must be
 * selected, and at most 9 favourites", §9): an array of activity type names (plain strings here; the
 * enum lives in `src/api/enums`), at least 1 (`Validations.FavouritesMin`, `params: { min: 1 }`) and at
 * most 9 (`Validations.FavouritesMax`, `params: { max: 9 }`). Duplicates are not checked.
 */
export const FavouriteActivityTypes = z.array(baseString(), { error: typeError }).check(
  rule<string[]>((types) => types.length >= FAVOURITES_MIN, 'Validations.FavouritesMin', {
    params: { min: FAVOURITES_MIN },
  }),
  rule<string[]>((types) => types.length <= FAVOURITES_MAX, 'Validations.FavouritesMax', {
    params: { max: FAVOURITES_MAX },
  }),
);
