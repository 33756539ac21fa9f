import * as z from 'zod/mini';

/** The messages of the issues `schema` raises for `input`, in order; `[]` when it passes. */
export function messagesOf(schema: z.core.$ZodType, input: unknown): string[] {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The issues `schema` raises for `input`; `[]` when it passes. */
export function issuesOf(schema: z.core.$ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues;
}
