import nodemailer from 'nodemailer';

/** A message ready to leave the system. */
export interface OutgoingMessage {
  /** `call`: a voice call reading `body` to the phone number (alert notifications). */
  readonly channel: 'email' | 'sms' | 'call';
  /** E-mail address or E.164 phone number. */
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** Hands messages to the outside world; rejects when the provider refuses. */
export interface Transport {
  deliver(message: OutgoingMessage): Promise<void>;
}

/**
 * The production transport: e-mail through SMTP (nodemailer, `SMTP_URL`, e.g.
 * `smtps://user:pass@mail.example:465`), SMS and voice calls as a JSON POST `{ To, Body, Kind: 'sms' | 'call' }` to `SMS_GATEWAY_URL`
 * (a provider adapter or webhook). The sender address is `MAIL_FROM` of the SMTP URL's user.
 */
export function createProductionTransport(options: {
  readonly smtpUrl: string;
  readonly smsGatewayUrl: string;
  readonly from: string;
}): Transport {
  const mailer = nodemailer.createTransport(options.smtpUrl);
  return {
    async deliver(message) {
      if (message.channel === 'email') {
        await mailer.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        return;
      }
      const response = await fetch(options.smsGatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ To: message.to, Body: message.body, Kind: message.channel }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
