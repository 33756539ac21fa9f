import { connect } from 'node:net';

/** The end of an HTTP/1.1 head: a blank line. */
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');

/**
 * One HTTP/1.1 GET of `path` to `host` (host:port) as the bytes a phone's tracker app sends: the
 * request line, `Host`, and nothing else.
 */
export function getRequestBytes(host: string, path: string): Buffer {
  return Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1');
}

/**
 * When {@link sendInOrder} sends each request, for a phone reporting on a clock: request `index` goes
 * out at `dueAtMs(index)` (epoch ms) or, if its answer before came later, as soon as that answer
 * arrives; `onSend(index, atMs)` hears the Date.now() just before each is written.
 */
export interface Pacing {
  dueAtMs(index: number): number;
  onSend(index: number, atMs: number): void;
}

/**
 * Sends `requests` (whole HTTP/1.1 requests, see {@link getRequestBytes}) one after another on one
 * keep-alive TCP connection to `hostname`:`port`, each once the answer to the one before has
 * arrived (and, with `pace`, once it is due), as a phone sends its fixes; `onStatus(index, status)`
 * hears each answer's status code.
 * Resolves once all are answered; rejects on a socket error, a connection closed early, an answer
 * this reader does not take (chunked; no Content-Length means an empty body), or what `onStatus`
 * throws.
 *
 * The load of `ingest.osmand` shares the machine's two cores with the server, so it reads answers
 * with no HTTP client at all: a status code, the head's end and Content-Length. node:http's client
 * cost about 0.06 ms of CPU per GET, a fifth of the machine's per ingested point; this one about a
 * third of that (docs/decisions.md "Ingest throughput").
 */
export function sendInOrder(
  hostname: string,
  port: number,
  requests: readonly Buffer[],
  onStatus: (index: number, status: number) => void,
  pace?: Pacing,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, hostname);
    socket.setNoDelay(true);
    let index = 0;
    let pending: Buffer | null = null;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    const write = (request: Buffer) => {
      pace?.onSend(index, Date.now());
      socket.write(request);
    };
    const next = () => {
      const request = requests[index];
      if (request === undefined) {
        socket.end();
        resolve();
        return;
      }
      const wait = pace ? pace.dueAtMs(index) - Date.now() : 0;
      if (wait > 0) setTimeout(write, wait, request);
      else write(request);
    };
    socket.once('connect', next);
    socket.on('error', fail);
    socket.on('close', () => {
      if (index < requests.length) fail(new Error(`connection closed after ${index} answers`));
    });
    socket.on('data', (chunk: Buffer) => {
      let buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const headEnd = buffer.indexOf(HEAD_END);
        if (headEnd < 0) break;
        const head = buffer.toString('latin1', 0, headEnd).toLowerCase();
        if (head.includes('transfer-encoding:')) {
          fail(new Error('a chunked answer: this reader takes Content-Length only'));
          return;
        }
        const length = /\r\ncontent-length: *(\d+)/.exec(head);
        const total = headEnd + HEAD_END.length + (length ? Number(length[1]) : 0);
        if (buffer.length < total) break;
        try {
          onStatus(index, Number(head.slice(9, 12)));
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        index += 1;
        buffer = buffer.subarray(total);
        next();
      }
      pending = buffer.length > 0 ? buffer : null;
    });
  });
}
