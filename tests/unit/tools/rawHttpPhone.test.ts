import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getRequestBytes, sendInOrder } from '../../../bench/lib/rawHttpPhone';

let server: Server | undefined;
const sockets = new Set<Socket>();

/** Starts `server`, keeping its connections to close after the test. */
async function start(created: Server): Promise<number> {
  server = created;
  created.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return (created.address() as AddressInfo).port;
}

/**
 * A TCP server answering each request (a head ending in a blank line) with `answer(n)` for the
 * n-th, written in pieces of `piece` bytes; answers the port.
 */
async function listen(answer: (n: number) => string, piece = Infinity): Promise<number> {
  return start(
    createServer((socket) => {
      let received = '';
      let answered = 0;
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        for (let end = received.indexOf('\r\n\r\n'); end >= 0; end = received.indexOf('\r\n\r\n')) {
          received = received.slice(end + 4);
          const bytes = Buffer.from(answer(answered), 'latin1');
          answered += 1;
          for (let at = 0; at < bytes.length; at += Math.min(piece, bytes.length)) {
            socket.write(bytes.subarray(at, at + piece));
          }
        }
      });
    }),
  );
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const ok = (body = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${String(body.length)}\r\n\r\n${body}`;

describe('sendInOrder (the ingest bench phones)', () => {
  it('sends each request after the answer before and hears every status in order', async () => {
    const port = await listen((n) =>
      n === 1 ? 'HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}' : ok('done'),
    );
    const statuses: [number, number][] = [];
    const requests = ['/a', '/b', '/c'].map((path) => getRequestBytes(`127.0.0.1:${port}`, path));
    await sendInOrder('127.0.0.1', port, requests, (index, status) =>
      statuses.push([index, status]),
    );
    expect(statuses).toEqual([
      [0, 200],
      [1, 400],
      [2, 200],
    ]);
  });

  it('reads answers that arrive a few bytes at a time, and an answer with no body', async () => {
    const port = await listen((n) => (n === 0 ? ok() : ok('{"Accepted":1}')), 5);
    const statuses: number[] = [];
    const requests = [getRequestBytes('h', '/x'), getRequestBytes('h', '/y')];
    await sendInOrder('127.0.0.1', port, requests, (_index, status) => statuses.push(status));
    expect(statuses).toEqual([200, 200]);
  });

  it('rejects a chunked answer, which it cannot delimit', async () => {
    const port = await listen(
      () => 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n',
    );
    await expect(
      sendInOrder('127.0.0.1', port, [getRequestBytes('h', '/x')], () => undefined),
    ).rejects.toThrow('chunked');
  });

  it('rejects when the server closes the connection before the last answer', async () => {
    const port = await start(createServer((socket) => socket.end()));
    await expect(
      sendInOrder('127.0.0.1', port, [getRequestBytes('h', '/x')], () => undefined),
    ).rejects.toThrow('closed after 0 answers');
  });

  it('rejects with what the status callback throws', async () => {
    const port = await listen(() => 'HTTP/1.1 500 Oops\r\ncontent-length: 0\r\n\r\n');
    await expect(
      sendInOrder('127.0.0.1', port, [getRequestBytes('h', '/x')], (_index, status) => {
        if (status !== 200) throw new Error(`osmand: ${String(status)}`);
      }),
    ).rejects.toThrow('osmand: 500');
  });
});
