import { changePassword, confirmForgotPassword, forgotPassword } from './passwords';
import {
  getUser,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from './attributes';
import { initiateAuth } from './initiateAuth';
import type { Operation } from './operation';
import { respondToAuthChallenge } from './respondToAuthChallenge';
import { globalSignOut, revokeToken } from './signOut';
import { confirmSignUp, resendConfirmationCode, signUp } from './signUp';

/** The prefix of `X-Amz-Target` (identity-protocol.md §1 "Headers"). */
export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Every operation the service answers, by its name in `X-Amz-Target` (identity-protocol.md §2). */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  GetUser: getUser,
  UpdateUserAttributes: updateUserAttributes,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
};

/**
 * The operation an `X-Amz-Target` header names (`AWSCognitoIdentityProviderService.<Op>`), or
 * undefined for a missing header, another service or an operation not implemented here.
 */
export function operationFor(target: string | undefined): Operation | undefined {
  if (!target?.startsWith(TARGET_PREFIX)) return undefined;
  const name = target.slice(TARGET_PREFIX.length);
  return Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
}

/** The operation name of an `X-Amz-Target` header, e.g. `InitiateAuth`, or undefined. */
export function operationName(target: string | undefined): string | undefined {
  return target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
}
