import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SMTP_CONNECTION_TIMEOUT_MS,
  createProductionTransport,
} from '../../../server/outbox/transport';

/*
 * The production transport's SMTP side gives up on a mail server that does not answer within
 * SMTP_CONNECTION_TIMEOUT_MS (nodemailer's own default waits minutes), so one dead mail server does
 * not hold the outbox's queue (docs/decisions.md "Notifications and the outbox"). Virtual time: only
 * the timers are faked, the socket is real.
 */

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => {
    if (server)
      server.close(() => {
        resolve();
      });
    else resolve();
  });
});

describe('createProductionTransport (SMTP)', () => {
  it('fails a hand-over to a mail server that accepts the connection and never greets', async () => {
    let connected: () => void = () => undefined;
    const connection = new Promise<void>((resolve) => {
      connected = resolve;
    });
    server = createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const transport = createProductionTransport({
      smtpUrl: `smtp://127.0.0.1:${String(port)}`,
      smsGatewayUrl: 'http://127.0.0.1:9/sms',
      from: 'alerts@lifeline.example',
    });
    const handOver = transport.deliver({
      channel: 'email',
      to: 'erik@example.com',
      subject: 'Alert',
      body: 'Ingrid asked for help',
    });
    const outcome = handOver.then(
      () => 'delivered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await connection;
    let settled = false;
    void outcome.then(() => (settled = true));
    // nodemailer counts the greeting's wait from the connection's start on the real clock: a few
    // real milliseconds have passed by now.
    await vi.advanceTimersByTimeAsync(SMTP_CONNECTION_TIMEOUT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBe('Greeting never received');
  });
});
