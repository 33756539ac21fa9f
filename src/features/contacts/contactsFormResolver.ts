import type { FieldErrors, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { zodFormResolver } from '../../ui/forms/zodFormResolver';

const INDEX = /^\d+$/;

/**
 * Puts a flat error map (`'EmergencyContacts.0.Email' → error`) into react-hook-form's nested shape
 * (`{ EmergencyContacts: [{ Email: error }] }`), numeric segments making arrays. An error on one of
 * the `arrays` themselves (e.g. `'EmergencyContacts'`) goes to its `root`, where react-hook-form keeps
 * a field array's own error.
 */
export function nestFieldErrors(
  flat: Readonly<Record<string, unknown>>,
  arrays: readonly string[],
): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = arrays.includes(path) ? [...path.split('.'), 'root'] : path.split('.');
    let node: Record<string, unknown> = nested;
    parts.forEach((part, i) => {
      const next = parts[i + 1];
      if (next === undefined) {
        node[part] = error;
        return;
      }
      node[part] ??= INDEX.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return nested;
}

/**
 * {@link zodFormResolver} for a form holding arrays of fields (`arrays`: their names): the same
 * translation-keyed errors, nested by {@link nestFieldErrors}, because react-hook-form reads, sets and
 * clears an array item's error by its path as the user edits, not by a flat key.
 */
export function nestedZodFormResolver<
  Input extends Record<string, unknown>,
  Output extends Record<string, unknown>,
>(
  schema: z.ZodMiniType<Output, Input>,
  arrays: readonly string[],
): Resolver<Input, unknown, Output> {
  const flat = zodFormResolver(schema);
  return async (values, context, options) => {
    const result = await flat(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: nestFieldErrors(result.errors, arrays) as FieldErrors<Input> };
  };
}
