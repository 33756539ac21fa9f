import type { IdentityContext } from './context';
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

const TEXT: Readonly<Record<CodePurpose, { subject: string; body: (code: string) => string }>> = {
  sign_up: {
    subject: 'Your Lifeline verification code',
    body: (code) =>
      `Your Lifeline sign-up verification code is ${code}. Enter it to confirm your account. ` +
      'It is valid for 24 hours.',
  },
  forgot_password: {
    subject: 'Your Lifeline password reset code',
    body: (code) =>
      `Your Lifeline password reset code is ${code}. It is valid for 1 hour. ` +
      'If you did not ask to reset your password, ignore this message.',
  },
  verify_email: {
    subject: 'Verify your Lifeline e-mail address',
    body: (code) => `Your Lifeline e-mail verification code is ${code}. It is valid for 24 hours.`,
  },
  verify_phone_number: {
    subject: 'Lifeline phone verification',
    body: (code) => `Your Lifeline phone verification code is ${code}. It is valid for 24 hours.`,
  },
  change_email: {
    subject: 'Confirm your new Lifeline e-mail address',
    body: (code) =>
      `Your code to make this your Lifeline e-mail address is ${code}. It is valid for 24 hours. ` +
      'If you did not ask to change your e-mail, ignore this message.',
  },
};

/**
 * Sends `code` for `purpose` through the outbox — by e-mail for sign-up, forgot-password and e-mail
 * verification, by SMS for phone verification — with an English text saying what it is for, and
 * returns Cognito's CodeDeliveryDetails with the destination masked. Sent after the code is
 * committed; the outbox records delivery failures itself.
 */
export async function sendCode(
  ctx: IdentityContext,
  purpose: CodePurpose,
  to: string,
  code: string,
): Promise<CodeDeliveryDetails> {
  const sms = purpose === 'verify_phone_number';
  const text = TEXT[purpose];
  await ctx.outbox.send({
    channel: sms ? 'sms' : 'email',
    to,
    subject: text.subject,
    body: text.body(code),
    code,
  });
  return sms
    ? { Destination: maskPhone(to), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
    : { Destination: maskEmail(to), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
