import { z } from 'zod';
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
  Domain: z.string().min(1),
  ClientId: Id,
  UserId: z.string().nullable(),
  CountryCode: CountryCode.optional(),
  SubRegion: z.string().max(50).optional(),
});
export type SignUpData = z.output<typeof SignUpData>;
export type SignUpDataInput = z.input<typeof SignUpData>;
