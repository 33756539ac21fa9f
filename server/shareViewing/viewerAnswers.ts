import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/errorHandler';

/*
 * The failure answers of the shared-viewing calls (app §7 "Shared viewing (public)", §8; policy §4
 * "Alerts", §8 "Share not found"), all in the spec's error shape `{ ErrorCode, Error }`. See
 * docs/share-viewing.md "Errors".
 */

/** The message of every share token that does not open (unknown, expired, revoked, tampered …). */
export const SHARE_NOT_FOUND_MESSAGE = 'Share not found';

/** The message of an alert that is no longer OPEN (policy §4, wording of the spec). */
export const ALERT_NOT_ACTIVE_MESSAGE = 'The alert is no longer active';

/**
 * 404 `{ ErrorCode: 'NOT_FOUND', Error: 'Share not found' }`: the one answer for every share token that
 * does not open — malformed, tampered, unknown key, expired, revoked, deleted share or member, missing
 * or wrong one-time code (no oracle; the client shows its share-not-found screen).
 */
export function shareNotFound(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 404, 'NOT_FOUND', SHARE_NOT_FOUND_MESSAGE);
}

/**
 * 404 `{ ErrorCode: 'NOT_FOUND', Error: 'No such activity' | 'No such alert' }`: the entity does not
 * exist, is another member's, or is not part of what the share shows — all alike.
 */
export function notInShare(reply: FastifyReply, what: 'activity' | 'alert'): FastifyReply {
  return sendApiError(reply, 404, 'NOT_FOUND', `No such ${what}`);
}

/**
 * 409 `{ ErrorCode: 'ALERT_NOT_ACTIVE', Error: 'The alert is no longer active' }` (policy §4: "An alert
 * that is no longer active cannot be acted on"): the alert was resolved or closed before this call.
 */
export function alertNotActive(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 409, 'ALERT_NOT_ACTIVE', ALERT_NOT_ACTIVE_MESSAGE);
}

/** 503 `{ ErrorCode: 'UNKNOWN' }`: the share could not be checked (the database did not answer). */
export function shareCheckUnavailable(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 503, 'UNKNOWN', 'Service unavailable, try again shortly');
}
