import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, filter, Subject, take, toArray } from 'rxjs';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SocketCommand } from '../../../src/api/socket';
import { socket$, type SocketEvent } from '../../../src/streams/socket';

let http: HttpServer;
let server: Server;
let url = '';

beforeEach(async () => {
  http = createServer();
  server = new Server(http, { transports: ['websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await server.close();
});

const options = { reconnectionAttempts: 2, reconnectionDelayMs: 10, reconnectionDelayMaxMs: 20 };
const telemetry = {
  WearerID: 1000,
  ActivityId: 7,
  Points: [{ Time: 1_795_400_000_000, X: 5.73, Y: 58.97, Hacc: 4, Alt: 12, Speed: 1.2 }],
  Battery: 81,
  Status: 'ACTIVE',
  Heading: 270,
};

describe('socket$ (spec §4 Socket connection, §7 Realtime)', () => {
  it('reports connecting then connected with the socket id, and passes valid server events', async () => {
    server.on('connection', (socket) => {
      socket.emit('SocketInit', {
        ServerStartTimestamp: 1,
        BuildTimestamp: null,
        ServerTimestamp: 2,
      });
      socket.emit('TelemetryWearerUpdate', telemetry);
      socket.emit('EntityChanges', [
        { EntityType: 'Activity', EntityId: 7, ChangeType: 'updated', Timestamp: 3 },
      ]);
    });
    const events = await firstValueFrom(socket$({ url, ...options }).pipe(take(5), toArray()));
    expect(events.map((e) => (e.kind === 'state' ? e.state : e.kind))).toEqual([
      'connecting',
      'connected',
      'SocketInit',
      'TelemetryWearerUpdate',
      'EntityChanges',
    ]);
    const connected = events[1];
    expect(connected?.kind === 'state' && connected.socketId).toMatch(/.+/);
    expect(events[3]).toEqual({ kind: 'TelemetryWearerUpdate', payload: telemetry });
  });

  it('drops a payload that breaks the contract, reporting it as invalid', async () => {
    server.on('connection', (socket) => {
      socket.emit('TelemetryWearerUpdate', { ...telemetry, Battery: 140 });
    });
    const event = await firstValueFrom(
      socket$({ url, ...options }).pipe(filter((e) => e.kind !== 'state')),
    );
    expect(event).toMatchObject({ kind: 'invalid', event: 'TelemetryWearerUpdate' });
  });

  it('sends commands while connected', async () => {
    const received = new Promise<unknown>((resolve) => {
      server.on('connection', (socket) => {
        socket.on('SocketCommand', resolve);
      });
    });
    const commands$ = new Subject<SocketCommand>();
    const subscription = socket$({ url, ...options, commands$ }).subscribe((event) => {
      if (event.kind === 'state' && event.state === 'connected') {
        commands$.next({ Command: 'WATCH_ACTIVITY', ActivityId: 7 });
      }
    });
    expect(await received).toEqual({ Command: 'WATCH_ACTIVITY', ActivityId: 7 });
    subscription.unsubscribe();
  });

  it('reconnects after the server goes away, counting attempts, and completes when they run out', async () => {
    // The server goes away once the client is connected (a server-side `disconnect(true)` would be
    // final for socket.io; a closed server makes it retry).
    const seen: SocketEvent[] = [];
    const done = new Promise<void>((resolve) => {
      const subscription = socket$({ url, ...options }).subscribe({
        next: (event) => {
          seen.push(event);
          if (event.kind === 'state' && event.state === 'connected') void server.close();
        },
        complete: () => {
          subscription.unsubscribe();
          resolve();
        },
      });
    });
    await done;
    const states = seen.flatMap((e) => (e.kind === 'state' ? [[e.state, e.attempt]] : []));
    expect(states).toEqual([
      ['connecting', undefined],
      ['connected', undefined],
      ['disconnected', undefined],
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['disconnected', undefined],
    ]);
  });

  it('completes when the server ends the socket, which socket.io does not reconnect', async () => {
    server.on('connection', (socket) => {
      socket.disconnect(true);
    });
    const events = await firstValueFrom(socket$({ url, ...options }).pipe(toArray()));
    expect(events.map((e) => (e.kind === 'state' ? e.state : e.kind))).toEqual([
      'connecting',
      'connected',
      'disconnected',
    ]);
    expect(events[2]).toMatchObject({ endedByServer: true });
  });

  it('gives socket.io the reconnection policy it is asked for (spec §9: 1000 attempts, 1–5 s)', () => {
    let given: Record<string, unknown> = {};
    const subscription = socket$(
      { url, reconnectionAttempts: 1000, reconnectionDelayMs: 1000, reconnectionDelayMaxMs: 5000 },
      (target, socketOptions) => {
        given = { target, ...socketOptions };
        return io(target, { ...socketOptions, autoConnect: false });
      },
    ).subscribe();
    subscription.unsubscribe();
    expect(given).toMatchObject({
      target: url,
      reconnectionAttempts: 1000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      transports: ['websocket'],
    });
  });
});
