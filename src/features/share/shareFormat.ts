import type { Units } from '../../api/entities/client';
import { useFormatter } from '../../ui/format';

/**
 * The share view's formatter: the spec's default units until the client's brand and units are loaded
 * from the token's host (app §3 "Units defaults"); see src/ui/format/useFormatter.ts.
 */
export function useShareFormat(units?: Units) {
  return useFormatter(units);
}
