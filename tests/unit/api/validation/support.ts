import type { z } from 'zod';

/** The messages of the issues `schema` raises for `input`, in order; `[]` when it passes. */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The issues `schema` raises for `input`; `[]` when it passes. */
export function issuesOf(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues;
}
