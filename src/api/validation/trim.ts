import * as z from 'zod/mini';
import { typeError } from './messages';

/** Shortest activity a trim may leave, in milliseconds: 1 minute (policy-and-vocabulary §5 and §9 "Trim minimum"). */
export const TRIM_MINIMUM_DURATION_MS = 60_000;

/**
 * The new bounds of an activity trim (policy-and-vocabulary §5 "Trim"; the trim call's
 * `NewActivityStart` and `NewActivityEnd`, application-behaviour §7), for the activity that runs from
 * `activityStartMs` to `activityEndMs` (epoch milliseconds):
 * - `NewActivityEnd - NewActivityStart` must be at least 60 000 ms, else `Validations.TrimTooShort` on
 *   `NewActivityEnd` (`params: { minutes: 1 }`); an end before the start is too short as well;
 * - each new time must lie within `[activityStartMs, activityEndMs]`, else `Validations.TrimOutOfRange`
 *   on the field that is out of range.
 * Both fields are finite numbers of epoch milliseconds (`Validations.Required` when missing).
 */
export function TrimRange(activityStartMs: number, activityEndMs: number) {
  const inRange = (time: number) => time >= activityStartMs && time <= activityEndMs;
  return z
    .object(
      {
        NewActivityStart: z.number({ error: typeError }),
        NewActivityEnd: z.number({ error: typeError }),
      },
      { error: typeError },
    )
    .check((payload) => {
      const { NewActivityStart: start, NewActivityEnd: end } = payload.value;
      const outOfRange = (path: 'NewActivityStart' | 'NewActivityEnd') => {
        const message = 'Validations.TrimOutOfRange';
        payload.issues.push({ code: 'custom', message, input: payload.value, path: [path] });
      };
      if (!inRange(start)) outOfRange('NewActivityStart');
      if (!inRange(end)) outOfRange('NewActivityEnd');
      if (end - start < TRIM_MINIMUM_DURATION_MS) {
        payload.issues.push({
          code: 'custom',
          message: 'Validations.TrimTooShort',
          input: payload.value,
          path: ['NewActivityEnd'],
          params: { minutes: TRIM_MINIMUM_DURATION_MS / 60_000 },
        });
      }
    });
}
