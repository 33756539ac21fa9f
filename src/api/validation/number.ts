import * as z from 'zod/mini';
import { typeError } from './messages';
import type { ValidationMessageKey } from './messages';
import { isPresent } from './required';

// A decimal number as typed: optional sign, digits, one '.' or ',' decimal separator (comma for the
// locales that write 0,5). No exponent, no thousands separators, no 'Infinity'.
const DECIMAL = /^[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)$/;

/**
 * Reads a number typed in a field: a finite number is itself; a string is trimmed and read as a decimal
 * with `.` or `,` as separator (`'0,5'` → 0.5). Anything else (`'abc'`, `'1e3'`, `NaN`) gives `undefined`
 * (application-behaviour §5 "numeric", 'Invalid number').
 */
export function parseDecimal(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text.replace(',', '.')) : undefined;
}

/**
 * A required number from a form field or a JSON body (`number` or numeric `string`), parsed to a
 * `number`, checked in the spec's order (application-behaviour §5 "Splits"), one message at a time:
 * 1. required: `null`, `undefined`, `''` (also blank) or `0` fail with `Validations.Required`;
 * 2. numeric (see {@link parseDecimal}), else `Validations.InvalidNumber` ('Invalid number');
 * 3. at most `max`, else `Validations.Max` with `params: { max }` ('Cannot be more than {{max}}');
 * 4. at least `min`, else `Validations.Min` with `params: { min }`.
 * Encoding (a response that carries the number) gives the number itself.
 */
export function requiredNumberInRange(min: number, max: number) {
  // A codec, not a one-way transform: a response that carries the number (an activity's
  // SplitsSettings) encodes it as itself, where a transform cannot be encoded at all and the
  // server's response serializer failed (500).
  return z.codec(z.union([z.number(), z.string()], { error: typeError }), z.number(), {
    decode: (input, payload) => {
      const fail = (message: ValidationMessageKey, params?: Record<string, number>) => {
        payload.issues.push({ code: 'custom', message, input, ...(params ? { params } : {}) });
        return z.NEVER;
      };
      if (!isPresent(typeof input === 'string' ? input.trim() : input)) {
        return fail('Validations.Required');
      }
      const value = parseDecimal(input);
      if (value === undefined) return fail('Validations.InvalidNumber');
      if (value === 0) return fail('Validations.Required');
      if (value > max) return fail('Validations.Max', { max });
      if (value < min) return fail('Validations.Min', { min });
      return value;
    },
    encode: (value) => value,
  });
}
