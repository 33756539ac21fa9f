import type * as z from 'zod/mini';

/**
 * A form field's error carrying a translation key as `message` and the key's interpolation values as
 * `params` (e.g. `{ max: 20 }` for `Validations.MaxLength`); react-hook-form takes it as a field
 * error (zodFormResolver.ts) and useFieldError.ts translates it.
 */
export interface KeyedFieldError {
  readonly type: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A form's field errors by the field's dotted path ('root' for the whole form). */
export type KeyedFieldErrors = Readonly<Record<string, KeyedFieldError>>;

/** What {@link parseForm} found: the parsed (transformed) values, or each field's first error. */
export type ParsedForm<Output> =
  | { readonly ok: true; readonly values: Output }
  | { readonly ok: false; readonly errors: KeyedFieldErrors };

/**
 * Validates a form's `values` with a zod schema whose messages are translation keys
 * (src/api/validation): the parsed values, or the first issue of each field as a
 * {@link KeyedFieldError}, keyed by the field's dotted path ('root' for an issue of the whole form).
 */
export function parseForm<Input, Output>(
  schema: z.ZodMiniType<Output, Input>,
  values: Input,
): ParsedForm<Output> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Record<string, KeyedFieldError> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'root';
    if (errors[path]) continue;
    const params =
      'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
    errors[path] = { type: issue.code, message: issue.message, ...(params ? { params } : {}) };
  }
  return { ok: false, errors };
}
