import * as z from 'zod/mini';

/** The message of an id given twice in one list (namespace `Validations`). */
export const DUPLICATE_ID = 'Validations.DuplicateId';

/**
 * A check for `z.superRefine` on an array of items with an optional numeric id under `field` (e.g.
 * `EmergencyContactID`): an id given by two items adds {@link DUPLICATE_ID} at the later item's
 * `[index, field]`. Items without an id (new ones) never clash. Why: a list save replaces the stored
 * list, and two entries for one row would save one of them, silently, after the list as a whole
 * passed its own rules (two contacts sharing emergency alerts, say, of which one is then lost).
 */
export function uniqueIds<Field extends string>(
  field: Field,
): (items: readonly Partial<Record<Field, number | null>>[], ctx: z.core.$RefinementCtx) => void {
  return (items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      const id = item[field];
      if (id == null) return;
      if (seen.has(id)) {
        ctx.addIssue({ code: 'custom', message: DUPLICATE_ID, input: id, path: [index, field] });
      }
      seen.add(id);
    });
  };
}
