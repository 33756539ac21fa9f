import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * A react-hook-form field error carrying a translation key as `message` and the key's interpolation
 * values as `params` (e.g. `{ max: 20 }` for `Validations.MaxLength`), which the stock zod resolver
 * drops.
 */
export interface KeyedFieldError {
  readonly type: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * A react-hook-form resolver over a zod schema whose messages are translation keys (src/api/validation):
 * the first issue of each field becomes `{ type, message: key, params }`; the parsed (transformed) value
 * is what `handleSubmit` receives.
 */
export function zodFormResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, KeyedFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (errors[path]) continue;
      const params =
        'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
      errors[path] = { type: issue.code, message: issue.message, ...(params ? { params } : {}) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<Input> };
  };
}
