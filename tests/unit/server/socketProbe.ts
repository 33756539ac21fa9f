import { firstValueFrom, filter, Subject } from 'rxjs';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import type { SocketCommand } from '../../../src/api/socket';

/**
 * How long a test waits for an event that must come before failing, ms: a bound, not a speed target
 * (bench realtime.fanout measures latency).
 */
export const EVENT_TIMEOUT_MS = 5_000;

/** A socket.io-client socket with every server event it received, in order. */
export class Probe {
  readonly events: { event: string; payload: unknown }[] = [];
  private readonly changed = new Subject<void>();

  constructor(readonly socket: ClientSocket) {
    socket.onAny((event: string, payload: unknown) => {
      this.events.push({ event, payload });
      this.changed.next();
    });
  }

  get id(): string {
    if (!this.socket.id) throw new Error('socket not connected');
    return this.socket.id;
  }

  /** Payloads of `event` received so far. */
  received(event: string): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.payload);
  }

  /** Resolves with the `n`-th (1-based) payload of `event`, waiting up to `timeoutMs`. */
  async nth(event: string, n: number, timeoutMs = EVENT_TIMEOUT_MS): Promise<unknown> {
    const ready = () => this.received(event).length >= n;
    if (!ready()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        firstValueFrom(this.changed.pipe(filter(ready))),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            reject(new Error(`no ${event} #${n} within ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]).finally(() => {
        clearTimeout(timer);
      });
    }
    return this.received(event)[n - 1];
  }

  command(command: SocketCommand | Record<string, unknown> | string): void {
    this.socket.emit('SocketCommand', command);
  }

  /**
   * Round trip through the server: PING and wait for its SocketInit. Events are ordered on one
   * connection, so anything the server sent this socket before handling the PING has arrived after.
   */
  async ping(): Promise<void> {
    const n = this.received('SocketInit').length;
    this.command({ Command: 'PING' });
    await this.nth('SocketInit', n + 1);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * Connects a websocket to `origin` as src/streams/socket.ts does, without reconnection, and waits for
 * its SocketInit. The probe is added to `probes` so the test file can close them all.
 */
export async function connectProbe(origin: string, probes: Probe[]): Promise<Probe> {
  const socket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const probe = new Probe(socket);
  probes.push(probe);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await probe.nth('SocketInit', 1);
  return probe;
}
