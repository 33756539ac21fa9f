/*
 * What a share opens (issue 8 item 1; spec app §2 /share/activity/{shareToken},
 * /share/journey/{shareToken}): one activity of the member, or the member's journey over a window.
 */

/** A share's target: an activity by id, or a journey from `startMs` to `endMs` (epoch ms). */
export type ShareTarget =
  | { readonly kind: 'activity'; readonly activityId: number }
  | { readonly kind: 'journey'; readonly startMs: number; readonly endMs: number };

/** The kind of a share, as in its path /share/{kind}/{shareToken}. */
export type ShareTargetKind = ShareTarget['kind'];

/** Which input of a share request was refused. */
export type ShareRequestField = 'expiresAtMs' | 'target';

/**
 * Thrown by the share service for a request it cannot honour: `field` names the input
 * (`expiresAtMs` outside its allowed range, or a journey `target` whose end is not after its start);
 * the routes answer 400 REQUEST_INVALID with `Validations.InvalidValues`.
 */
export class InvalidShareRequestError extends Error {
  override readonly name = 'InvalidShareRequestError';
  constructor(
    readonly field: ShareRequestField,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Thrown by the share service when the member has no such target: an unknown activity id and another
 * member's are the same answer (no ownership oracle); the routes answer 404 NOT_FOUND.
 */
export class ShareTargetNotFoundError extends Error {
  override readonly name = 'ShareTargetNotFoundError';
}

/**
 * Checks a target's own consistency: a journey's times are non-negative integers with the end after
 * the start. Throws {@link InvalidShareRequestError} (`target`) otherwise; an activity needs no check
 * here (its ownership is the repository's).
 */
export function checkShareTarget(target: ShareTarget): void {
  if (target.kind === 'activity') return;
  const valid =
    Number.isSafeInteger(target.startMs) &&
    Number.isSafeInteger(target.endMs) &&
    target.startMs >= 0 &&
    target.endMs > target.startMs;
  if (!valid) {
    throw new InvalidShareRequestError('target', 'A journey must end after it starts');
  }
}
