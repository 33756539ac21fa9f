import type { EntityChanges } from '../../src/api/socket';
import type { ShareScope } from './shareScope';

/** The share a viewer acts through: its member and target, and the member's WearerID (token claims). */
export interface ActingShare extends ShareScope {
  readonly wearerId: number;
}

/**
 * What a viewer's alert action did (alert-add-note, alert-resolve-pause):
 * - `not-found`: the alert is unknown, another member's or outside the share (nothing written);
 * - `not-active`: the alert is no longer OPEN (policy §4; nothing written);
 * - `done`: committed; `changes` are the EntityChanges to publish to member `memberId`'s sockets and
 *   the alert's activity room (the Alert updated, then its Activity when its status changed).
 */
export type AlertActionOutcome =
  | { readonly kind: 'not-found' }
  | { readonly kind: 'not-active' }
  | { readonly kind: 'done'; readonly memberId: number; readonly changes: EntityChanges };
