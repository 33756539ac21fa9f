import { z } from 'zod';
import { IdentityError } from './errors';

/**
 * Request members of the Cognito operations the client sends (identity-protocol.md §2, botocore's
 * cognito-idp model for lengths). Unknown members are dropped; optional members accept `null`
 * (`"ValidationData":null`, `"DEVICE_KEY":null`, §1 "JSON quirks") and `ClientMetadata: {}`.
 */

const ClientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+]+$/);
const Username = z.string().min(1).max(128);
/** Any password as sent (the policy is checked separately, InvalidPasswordException). */
const PasswordMember = z.string().min(1).max(256);
const ConfirmationCode = z.string().min(1).max(2048).regex(/^\S+$/);
const AccessToken = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9\-_=.]+$/);
/** A map of strings as ClientMetadata, AuthParameters and ChallengeResponses are. */
const StringMap = z.record(z.string().max(256), z.string().max(4096).nullable());
const ClientMetadata = StringMap.nullish();
const AttributeList = z
  .array(
    z.object({
      Name: z.string().min(1).max(32),
      Value: z.string().max(2048).nullish(),
    }),
  )
  .max(50);
const AttributeName = z.string().min(1).max(32);

/** `SignUp` (identity-protocol.md §2 "Sign-up"). */
export const SignUpRequest = z.object({
  ClientId,
  Username,
  Password: PasswordMember,
  UserAttributes: AttributeList.nullish(),
  ValidationData: AttributeList.nullish(),
  ClientMetadata,
  SecretHash: z.string().nullish(),
});

/** `ConfirmSignUp` (identity-protocol.md §2 "Confirm sign-up"). */
export const ConfirmSignUpRequest = z.object({
  ClientId,
  Username,
  ConfirmationCode,
  ForceAliasCreation: z.boolean().nullish(),
  ClientMetadata,
});

/** `ResendConfirmationCode` and `ForgotPassword`: `{ClientId, Username, ClientMetadata}` (§2). */
export const UsernameRequest = z.object({ ClientId, Username, ClientMetadata });

/** `InitiateAuth` (identity-protocol.md §2 "Sign-in" step 1, "Refresh"); AuthParameters per flow. */
export const InitiateAuthRequest = z.object({
  AuthFlow: z.string().min(1).max(64),
  ClientId,
  AuthParameters: StringMap.nullish(),
  ClientMetadata,
});

/** `RespondToAuthChallenge` (identity-protocol.md §2 "Sign-in" step 2). */
export const RespondToAuthChallengeRequest = z.object({
  ChallengeName: z.string().min(1).max(64),
  ClientId,
  Session: z.string().min(20).max(2048).nullish(),
  ChallengeResponses: StringMap.nullish(),
  ClientMetadata,
});

/** `ConfirmForgotPassword` (identity-protocol.md §2 "Confirm new password"). */
export const ConfirmForgotPasswordRequest = z.object({
  ClientId,
  Username,
  ConfirmationCode,
  Password: PasswordMember,
  ClientMetadata,
});

/** `ChangePassword` (identity-protocol.md §2 "Change password"). */
export const ChangePasswordRequest = z.object({
  PreviousPassword: PasswordMember,
  ProposedPassword: PasswordMember,
  AccessToken,
  ClientMetadata,
});

/** `GetUser` and `GlobalSignOut`: `{AccessToken}` (identity-protocol.md §2). */
export const AccessTokenRequest = z.object({ AccessToken });

/** `UpdateUserAttributes` (identity-protocol.md §2 "Update attributes"). */
export const UpdateUserAttributesRequest = z.object({
  AccessToken,
  UserAttributes: AttributeList,
  ClientMetadata,
});

/** `GetUserAttributeVerificationCode` (identity-protocol.md §2 "Send a verification code"). */
export const GetUserAttributeVerificationCodeRequest = z.object({
  AccessToken,
  AttributeName,
  ClientMetadata,
});

/** `VerifyUserAttribute` (identity-protocol.md §2 "Verify an attribute"). */
export const VerifyUserAttributeRequest = z.object({
  AccessToken,
  AttributeName,
  Code: ConfirmationCode,
});

/** `RevokeToken` (identity-protocol.md §2 "Local sign-out"). */
export const RevokeTokenRequest = z.object({
  Token: z.string().min(1).max(4096),
  ClientId,
  ClientSecret: z.string().nullish(),
});

function constraint(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'Member must not be null'
        : `Member must be of type ${issue.expected}`;
    case 'too_big':
      return `Member must have length less than or equal to ${String(issue.maximum)}`;
    case 'too_small':
      return `Member must have length greater than or equal to ${String(issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string'
        ? `Member must satisfy regular expression pattern: ${issue.pattern}`
        : issue.message;
    default:
      return issue.message;
  }
}

/**
 * Parses a request body with `schema`, or throws InvalidParameterException worded like AWS's
 * validation errors: "1 validation error detected: Value at 'Username' failed to satisfy constraint:
 * Member must not be null".
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5);
  const detail = issues
    .map((issue) => {
      const path = issue.path.map(String).join('.') || 'body';
      return `Value at '${path}' failed to satisfy constraint: ${constraint(issue)}`;
    })
    .join('; ');
  const count = parsed.error.issues.length;
  throw new IdentityError(
    'InvalidParameterException',
    `${count} validation error${count === 1 ? '' : 's'} detected: ${detail}`,
  );
}
