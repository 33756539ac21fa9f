import { http, HttpResponse } from 'msw';
import { firstValueFrom, NEVER, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  CallFailedError,
  HttpError,
  NetworkError,
  ResponseInvalidError,
} from '../../../../src/api/client/apiErrors';
import { createCognitoIdentityClient } from '../../../../src/api/client/identityClient';
import { IdentityError } from '../../../../src/api/identity';
import { authFailureOf, SERVICE_UNAVAILABLE } from '../../../../src/store/session/authFailure';
import { loginErrorView } from '../../../../src/features/auth/authErrors';
import { registerMswServer } from '../../support/mswServer';

const ENDPOINT = 'http://identity.test/identity';
const server = registerMswServer();

/** The failure of a forgot-password call through the real identity library. */
async function forgotPasswordFailure(): Promise<unknown> {
  const client = createCognitoIdentityClient({
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_Lifeline',
    clientId: 'lifeline-web',
    endpoint: ENDPOINT,
  });
  return client.forgotPassword('dana@example.com').then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('authFailureOf (src/store/session/authFailure.ts)', () => {
  it.each([
    [
      'an identity refusal keeps its name and message',
      new IdentityError('InvalidPasswordException', 'Password not long enough'),
      { code: 'InvalidPasswordException', message: 'Password not long enough' },
    ],
    [
      'no HTTP answer',
      new NetworkError('signup-check-email', new TypeError()),
      { code: 'NetworkError' },
    ],
    [
      'the authentication host’s 429',
      new HttpError('signup-check-email', 429, 'RATE_LIMITED', 'Too many requests'),
      { code: 'TooManyRequestsException' },
    ],
    [
      'the authentication host’s 503',
      new HttpError('signup-check-email', 503, 'UNKNOWN', 'Service Unavailable'),
      { code: SERVICE_UNAVAILABLE },
    ],
    [
      'an answer outside the contract',
      new ResponseInvalidError('signup-check-email', []),
      { code: SERVICE_UNAVAILABLE },
    ],
    [
      'the authentication host’s other refusals keep their ErrorCode',
      new HttpError('signup-check-email', 400, 'REQUEST_INVALID', 'EmailAddress: invalid'),
      { code: 'REQUEST_INVALID' },
    ],
    [
      'a 2xx reporting failure keeps its code',
      new CallFailedError('change-email-step-1', 'CODE_INVALID', ''),
      { code: 'CODE_INVALID' },
    ],
    [
      'the identity service’s internal error',
      new IdentityError('InternalErrorException', 'An internal error occurred'),
      { code: SERVICE_UNAVAILABLE },
    ],
    [
      'no identity service in /config.json',
      new IdentityError('NotConfigured', 'No identity service is configured'),
      { code: SERVICE_UNAVAILABLE },
    ],
    [
      'the app’s own plain error (the configuration not loaded)',
      new Error('The runtime configuration is not loaded'),
      { code: SERVICE_UNAVAILABLE },
    ],
  ])('%s', (_case, error, expected) => {
    expect(authFailureOf(error)).toMatchObject(expected);
  });

  it('a timeout from rxjs’s timeout operator is a network failure', async () => {
    const error = await firstValueFrom(NEVER.pipe(timeout(1))).catch((e: unknown) => e);
    expect(loginErrorView(authFailureOf(error)).key).toBe('Auth.Errors.NetworkError');
  });

  describe('through the real identity library', () => {
    it('a gateway’s HTML error page is ServiceUnavailable, not the library’s TypeError', async () => {
      server.use(
        http.post(ENDPOINT, () =>
          HttpResponse.text('<html>502 Bad Gateway</html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
        ),
      );
      const failure = authFailureOf(await forgotPasswordFailure());
      expect(failure.code).toBe(SERVICE_UNAVAILABLE);
      expect(loginErrorView(failure).key).toBe('Auth.Errors.ServiceUnavailable');
    });

    it('the identity service’s rate limit is AuthFailureLimitExceeded', async () => {
      server.use(
        http.post(ENDPOINT, () =>
          HttpResponse.json(
            { __type: 'TooManyRequestsException', message: 'Rate exceeded' },
            { status: 429 },
          ),
        ),
      );
      const failure = authFailureOf(await forgotPasswordFailure());
      expect(loginErrorView(failure).key).toBe('Auth.Errors.AuthFailureLimitExceeded');
    });

    it('no answer at all is NetworkError', async () => {
      server.use(http.post(ENDPOINT, () => HttpResponse.error()));
      const failure = authFailureOf(await forgotPasswordFailure());
      expect(loginErrorView(failure).key).toBe('Auth.Errors.NetworkError');
    });
  });
});
