import type { FastifyReply } from 'fastify';

/**
 * The exception types this service answers with: Cognito's own names (botocore's cognito-idp model),
 * so the unmodified client surfaces them as `err.code` (identity-protocol.md §1 "Parsing the response").
 */
export type IdentityErrorType =
  | 'AliasExistsException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InternalErrorException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'ResourceNotFoundException'
  | 'SerializationException'
  | 'TooManyRequestsException'
  | 'UnknownOperationException'
  | 'UserNotConfirmedException'
  | 'UserNotFoundException'
  | 'UsernameExistsException';

/** The media type of every answer of the service, success or error (identity-protocol.md §1). */
export const AMZ_JSON = 'application/x-amz-json-1.1';

/**
 * A JSON body as bytes: sent as a Buffer so Fastify keeps the content type exactly
 * `application/x-amz-json-1.1`, without the `; charset=utf-8` it appends to strings.
 */
export function amzJsonBody(value: object): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

/**
 * An error answered in Cognito's shape: HTTP `status` (400 unless said otherwise), body
 * `{"__type": type, "message": message}` (identity-protocol.md §1 "What real Cognito sends on error").
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    readonly type: IdentityErrorType,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Cognito's messages, word for word where identity-protocol.md §2 and §6 quote them. */
export const MESSAGES = {
  incorrectPassword: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userNotFound: 'User does not exist.',
  userNotConfirmed: 'User is not confirmed.',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  emailExists: 'An account with the given email already exists.',
  tokenRevoked: 'Access Token has been revoked',
  tokenExpired: 'Access Token has expired',
  tokenInvalid: 'Invalid Access Token',
  refreshInvalid: 'Invalid Refresh Token',
  refreshRevoked: 'Refresh Token has been revoked',
  refreshExpired: 'Refresh Token has expired',
  rateExceeded: 'Rate exceeded',
  internal: 'An internal error occurred.',
} as const;

/** The common NotAuthorizedException of a wrong password or a failed SRP proof. */
export function incorrectPassword(): IdentityError {
  return new IdentityError('NotAuthorizedException', MESSAGES.incorrectPassword);
}

/**
 * Sends `error` the way Cognito does (identity-protocol.md §1 and §7.1): the status, content type
 * `application/x-amz-json-1.1`, headers `x-amzn-ErrorType: <Type>:` and `x-amzn-ErrorMessage`, and the
 * body `{"__type","message"}` — never a body without `__type`.
 */
export function sendIdentityError(reply: FastifyReply, error: IdentityError): FastifyReply {
  return (
    reply
      .code(error.status)
      .type(AMZ_JSON)
      .header('x-amzn-ErrorType', `${error.type}:`)
      // A header carries printable ASCII only: messages may quote request input (names, targets).
      .header('x-amzn-ErrorMessage', error.message.replace(/[^\x20-\x7e]/g, '?'))
      .send(amzJsonBody({ __type: error.type, message: error.message }))
  );
}
