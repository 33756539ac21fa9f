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

/** How long the mail server may take to accept a connection, and to greet, ms. */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
/** How long an SMTP connection may stay silent while a message is handed over, ms. */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

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
  // nodemailer waits up to 2 minutes for a connection and 10 for an idle socket: one mail server
  // that stops answering would hold every message behind it (SMS to the next contact included) for
  // that long. A hand-over that times out is tried again later (outbox.ts).
  const mailer = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
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
