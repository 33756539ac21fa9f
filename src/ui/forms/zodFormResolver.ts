import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { parseForm } from './zodFieldErrors';

/**
 * A react-hook-form resolver over a zod schema whose messages are translation keys (src/api/validation):
 * the first issue of each field becomes `{ type, message: key, params }` ({@link parseForm}), which
 * the stock zod resolver would drop; the parsed (transformed) value is what `handleSubmit` receives.
 */
export function zodFormResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = parseForm(schema, values);
    if (result.ok) return { values: result.values, errors: {} };
    return { values: {}, errors: result.errors as unknown as FieldErrors<Input> };
  };
}
