import * as z from 'zod/mini';
import { rule } from './messages';

/**
 * Whether `value` satisfies the spec's "Required" rule (application-behaviour §5): it fails on `null`,
 * `undefined`, the empty string `''` and the number `0` (a tick box stores 1 when ticked, 0 when not).
 * Anything else passes, including `false`, whitespace and empty arrays.
 */
export function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '' && value !== 0;
}

/**
 * The "Required" check, for composing: `z.string().check(requiredCheck)`. Fails with
 * `Validations.Required` on `null`, `undefined`, `''` or `0` and aborts the schema's later checks, so an
 * empty field shows only 'Required' (application-behaviour §5, policy-and-vocabulary §5).
 */
export const requiredCheck = rule<unknown>(isPresent, 'Validations.Required', { abort: true });

/**
 * The "Required" rule as a schema over any value (application-behaviour §5): fails with
 * `Validations.Required` on `null`, `undefined`, `''` or `0`; passes any other value unchanged.
 * Used for the share-assistance / share-emergency tick boxes (value 1) and similar required checks.
 */
export const Required = z.unknown().check(requiredCheck);
