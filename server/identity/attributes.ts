import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../src/api/validation/email';
import { IdentityError } from './errors';
import type { IdentityUser } from './users';

/**
 * The local pool's attribute schema and how it maps to the spec's identity-service user and member
 * (application-behaviour §3 "Member / wearer", "Identity-service user", "Sign-up data"):
 *
 * | Cognito attribute        | column                  | spec field                    | writable |
 * |--------------------------|-------------------------|-------------------------------|----------|
 * | `sub`                    | sub                     | UserId (the identity's id)    | no       |
 * | `email`                  | email                   | Email / EmailAddress          | yes      |
 * | `email_verified`         | email_verified          | EmailVerified                 | no       |
 * | `phone_number`           | phone_number            | PhoneNumber (E.164, `+…`)     | yes      |
 * | `phone_number_verified`  | phone_number_verified   | PhoneNumberVerified           | no       |
 * | `given_name`             | given_name              | NameFirst                     | yes      |
 * | `family_name`            | family_name             | NameLast                      | yes      |
 * | `birthdate`              | birthdate               | DateOfBirth (`YYYY-MM-DD`)    | yes      |
 * | `gender`                 | gender                  | Sex (Female, Male, Unspecified) | yes    |
 * | `custom:country`         | custom_country          | country (ISO 3166 alpha-2)    | yes      |
 * | `custom:sub_region`      | custom_sub_region       | sub-region                    | yes      |
 *
 * The pool is an email-as-username pool: users sign in with their email (or their `sub`), and the
 * internal username (`cognito:username`, USER_ID_FOR_SRP) is the `sub`. `*_verified` change only through
 * codes. Values keep Cognito's limits (2048 characters; custom attributes 256); the SPA's stricter form
 * rules (§5) apply before a value is sent.
 */

/** The attributes a user may write, with the column each is stored in. */
const WRITABLE = {
  email: 'email',
  phone_number: 'phone_number',
  given_name: 'given_name',
  family_name: 'family_name',
  birthdate: 'birthdate',
  gender: 'gender',
  'custom:country': 'custom_country',
  'custom:sub_region': 'custom_sub_region',
} as const;

type WritableAttribute = keyof typeof WRITABLE;
type AttributeColumn = (typeof WRITABLE)[WritableAttribute];

/** Column values to write, keyed by column; null clears an optional attribute (never `email`). */
export type AttributeChanges = Partial<Record<Exclude<AttributeColumn, 'email'>, string | null>> & {
  email?: string;
};

const READ_ONLY = new Set(['sub', 'email_verified', 'phone_number_verified']);

/** E.164 as Cognito requires it: `+` and 5 to 15 digits. */
const PHONE_PATTERN = /^\+[0-9]{5,15}$/;
const BIRTHDATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const MAX_STANDARD_LENGTH = 2048;
const MAX_CUSTOM_LENGTH = 256;

function schemaError(name: string, problem: string): IdentityError {
  return new IdentityError(
    'InvalidParameterException',
    `Attributes did not conform to the schema: ${name}: ${problem}`,
  );
}

function isRealDate(value: string): boolean {
  const match = BIRTHDATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}

function validateValue(name: WritableAttribute, value: string): void {
  const max = name.startsWith('custom:') ? MAX_CUSTOM_LENGTH : MAX_STANDARD_LENGTH;
  if (Array.from(value).length > max) {
    throw schemaError(name, `String must be no longer than ${max} characters`);
  }
  if (name === 'email' && (!EMAIL_PATTERN.test(value) || value.length > EMAIL_MAX_LENGTH)) {
    throw new IdentityError('InvalidParameterException', 'Invalid email address format.');
  }
  if (name === 'phone_number' && !PHONE_PATTERN.test(value)) {
    throw new IdentityError('InvalidParameterException', 'Invalid phone number format.');
  }
  if (name === 'birthdate' && !isRealDate(value)) {
    throw schemaError(name, 'Value must be a date in YYYY-MM-DD format');
  }
}

function isWritable(name: string): name is WritableAttribute {
  return Object.hasOwn(WRITABLE, name);
}

/**
 * Validates `[{Name, Value}]` from SignUp or UpdateUserAttributes and returns the column changes.
 * Empty or null values clear an optional attribute; `email` cannot be cleared. Throws
 * InvalidParameterException for an unknown or read-only attribute, a repeated name, or a bad value
 * (email pattern, E.164 phone, `YYYY-MM-DD` birthdate, length).
 */
export function parseAttributeChanges(
  attributes: readonly { Name: string; Value?: string | null | undefined }[],
): AttributeChanges {
  const changes: AttributeChanges = {};
  const seen = new Set<string>();
  for (const { Name: name, Value: raw } of attributes) {
    if (seen.has(name)) throw schemaError(name, 'Attribute is given more than once.');
    seen.add(name);
    if (READ_ONLY.has(name) || name.startsWith('cognito:')) {
      throw new IdentityError(
        'InvalidParameterException',
        `Cannot modify the non-mutable attribute ${name}`,
      );
    }
    if (!isWritable(name)) throw schemaError(name, 'Attribute does not exist in the schema.');
    const value = raw ?? '';
    if (value === '') {
      if (name === 'email') throw schemaError(name, 'The attribute is required');
      changes[WRITABLE[name]] = null;
      continue;
    }
    validateValue(name, value);
    if (name === 'email') changes.email = value;
    else changes[WRITABLE[name]] = value;
  }
  return changes;
}

/** One attribute as Cognito lists it: values are strings, booleans `'true'`/`'false'`. */
export interface AttributeType {
  readonly Name: string;
  readonly Value: string;
}

/**
 * The user's attributes as GetUser lists them (identity-protocol.md §2 "Get attributes"): `sub` first,
 * then every attribute that has a value, `*_verified` as `'true'`/`'false'`.
 */
export function attributeList(user: IdentityUser): AttributeType[] {
  const list: AttributeType[] = [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.email_verified) },
  ];
  if (user.phone_number !== null) {
    list.push({ Name: 'phone_number', Value: user.phone_number });
    list.push({ Name: 'phone_number_verified', Value: String(user.phone_number_verified) });
  }
  for (const [name, column] of Object.entries(WRITABLE)) {
    if (name === 'email' || name === 'phone_number') continue;
    const value = user[column];
    if (value !== null) list.push({ Name: name, Value: value });
  }
  return list;
}

/**
 * The profile claims of the ID token (identity-protocol.md §4 "Claims real Cognito puts in"):
 * `email`, `email_verified` and `phone_number_verified` as JSON booleans, and every other attribute
 * that has a value, as strings.
 */
export function profileClaims(user: IdentityUser): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = {
    email: user.email,
    email_verified: user.email_verified,
  };
  if (user.phone_number !== null) {
    claims.phone_number = user.phone_number;
    claims.phone_number_verified = user.phone_number_verified;
  }
  for (const [name, column] of Object.entries(WRITABLE)) {
    if (name === 'email' || name === 'phone_number') continue;
    const value = user[column];
    if (value !== null) claims[name] = value;
  }
  return claims;
}
