import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/errorHandler';
import type { IngestIssue } from './ingestValidation';

/*
 * The answers every device-facing route gives alike (device ingest, device messages): one 400 for
 * bad input naming the first issue, one 401 for any key that opens nothing.
 */

/** 400 REQUEST_INVALID with every issue; the message names the first (`Invalid request: Path: …`). */
export function invalidDeviceRequest(reply: FastifyReply, issues: IngestIssue[]): FastifyReply {
  const first = issues[0];
  return sendApiError(
    reply,
    400,
    'REQUEST_INVALID',
    first ? `Invalid request: ${first.Path}: ${first.Message}` : 'Invalid request',
    issues,
  );
}

/** 401 AUTH for a missing, unknown or revoked ingest key (one answer for all: no oracle). */
export function unknownIngestKey(reply: FastifyReply): FastifyReply {
  return sendApiError(reply, 401, 'AUTH', 'Unknown or revoked ingest key');
}
