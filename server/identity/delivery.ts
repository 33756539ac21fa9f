import type { IdentityContext } from './context';
import { LanguageCode } from '../../src/api/enums';
import { serverTexts } from '../i18n/serverTexts';
import type { CodePurpose } from './codes';

/** Where a code went, as Cognito reports it (identity-protocol.md §2 "Sign-up"). */
export interface CodeDeliveryDetails {
  readonly Destination: string;
  readonly DeliveryMedium: 'EMAIL' | 'SMS';
  readonly AttributeName: 'email' | 'phone_number';
}

/** `dana@example.com` → `d***@e***` (Cognito's masking). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 2)}***`;
}

/** `+4712345678` → `+*******5678`: all but the last four digits hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  return `+${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}

/** The `IdentityCodes` section's key of each purpose's message. */
const MESSAGE_KEY: Readonly<Record<CodePurpose, string>> = {
  sign_up: 'SignUp',
  forgot_password: 'ForgotPassword',
  verify_email: 'VerifyEmail',
  verify_phone_number: 'VerifyPhoneNumber',
  change_email: 'ChangeEmail',
};

/**
 * The language a client asked the codes to be written in (`ClientMetadata.language`, sent by
 * src/api/client/identityClient.ts; a Cognito custom-message trigger would read the same): one of
 * spec §9's languages, else null (English).
 */
export function messageLanguageOf(
  metadata: Readonly<Record<string, string | null>> | null | undefined,
): string | null {
  const parsed = LanguageCode.safeParse(metadata?.language);
  return parsed.success ? parsed.data : null;
}

/**
 * Sends `code` for `purpose` through the outbox — by e-mail for sign-up, forgot-password and e-mail
 * verification, by SMS for phone verification — with a text saying what it is for in `language`
 * (ISO 639-1 of spec §9; null: English; section `IdentityCodes` of locales/), and returns Cognito's
 * CodeDeliveryDetails with the destination masked. Sent after the code is committed; the outbox
 * records delivery failures itself.
 */
export async function sendCode(
  ctx: IdentityContext,
  purpose: CodePurpose,
  to: string,
  code: string,
  language: string | null,
): Promise<CodeDeliveryDetails> {
  const sms = purpose === 'verify_phone_number';
  const t = serverTexts(language, 'IdentityCodes');
  const key = MESSAGE_KEY[purpose];
  await ctx.outbox.send({
    channel: sms ? 'sms' : 'email',
    to,
    subject: t(`${key}.Subject`),
    body: t(`${key}.Body`, { code }),
    code,
  });
  return sms
    ? { Destination: maskPhone(to), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
    : { Destination: maskEmail(to), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
