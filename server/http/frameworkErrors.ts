import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '../../src/api/errors';
import { sendApiError } from './errorHandler';

/**
 * Fastify's `frameworkErrors` option: the errors its router meets before any route or error handler
 * runs, in the spec's error shape (400 REQUEST_INVALID) instead of Fastify's own — a path with a
 * broken percent-escape (`/go/%E0%A4%A`, FST_ERR_BAD_URL) or a parameter longer than the router
 * takes (FST_ERR_MAX_PARAM_LENGTH).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL is not valid: a percent-escape is broken'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the URL is too long'
        : 'The request could not be routed';
  void sendApiError(reply, 400, 'REQUEST_INVALID', message);
}

/** What a refused connection-level request gets: status, error code and message. */
function clientErrorAnswer(code: string | undefined): {
  status: number;
  errorCode: ErrorCode;
  message: string;
} {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, errorCode: 'REQUEST_INVALID', message: 'The request took too long' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      errorCode: 'REQUEST_INVALID',
      message: 'The request line or headers are too large',
    };
  }
  return { status: 400, errorCode: 'REQUEST_INVALID', message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses before Fastify sees it
 * (a URL or headers over the size limit: 431; a control character in a header or a malformed
 * request line: 400; too slow: 408) is answered in the spec's error shape, as Fastify's default
 * does in its own, and the connection closed. A connection already reset gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, errorCode, message } = clientErrorAnswer(error.code);
  const body: ApiErrorBody = { ErrorCode: errorCode, Error: message };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Length: ${String(Buffer.byteLength(text))}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(error);
}
