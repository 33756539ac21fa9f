import * as z from 'zod/mini';
import { CountryCode } from '../enums';
import { PersonName, Phone, RequiredEmail, SignUpPassword } from '../validation';
import { Id } from './common';

/**
 * What the create-account form collects (app §3 "Sign-up data"; policy §2 Create Account):
 * `EmailAddress`, `Password` (sign-up rule: trimmed, then complex), names, `PhoneNumber`, the chosen
 * `Domain` (a DomainId) and `ClientId`; `UserId` is the identity service's user id once the account
 * exists (null before). `CountryCode` and `SubRegion` are additions from policy §2.
 */
export const SignUpData = z.object({
  EmailAddress: RequiredEmail,
  Password: SignUpPassword,
  NameFirst: PersonName,
  NameLast: PersonName,
  PhoneNumber: Phone,
  Domain: z.string().check(z.minLength(1)),
  ClientId: Id,
  UserId: z.nullable(z.string()),
  CountryCode: z.optional(CountryCode),
  SubRegion: z.optional(z.string().check(z.maxLength(50))),
});
export type SignUpData = z.output<typeof SignUpData>;
export type SignUpDataInput = z.input<typeof SignUpData>;
