import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { filter, firstValueFrom, mergeMap, from, map, ignoreElements, merge } from 'rxjs';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySocketUser } from '../../../src/api/calls/memberIntegrationPublic';
import { createMemberIntegrationPublicClient } from '../../../src/api/client/apiClients';
import { decodeShareTokenClaims } from '../../../src/api/entities/share';
import { socket$, socketTarget } from '../../../src/streams/socket';

/*
 * A share viewer's realtime connection (issue 6 item 1; spec §3 Share token C2Url, §7 Realtime
 * verify-socket-user with a ShareToken): a domain server published under a path prefix, reached
 * through the C2Url a share token names, with the same socket.io mount and public API the Lifeline
 * server has (server/realtime), played here by a minimal stand-in that checks the request against the
 * contract.
 */

const PREFIX = '/c2';
let http: HttpServer;
let io: Server;
let c2Url = '';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A share token for activity 7 whose C2Url is the test server (the stand-in does not check signatures). */
function shareToken(url: string): string {
  const claims = { C2Url: url, MemberID: 1, ClientID: 1, WearerID: 1000, ActivityId: 7 };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2lnbmF0dXJl`;
}

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as unknown;
}

beforeEach(async () => {
  http = createServer((request, response) => {
    if (request.url !== `${PREFIX}/api/member-integration-public/verify-socket-user`) {
      response.writeHead(404).end();
      return;
    }
    void jsonBody(request).then((body) => {
      const parsed = verifySocketUser.request.safeParse(body);
      const claims = parsed.success ? decodeShareTokenClaims(parsed.data.ShareToken ?? '') : null;
      const socket = parsed.success ? io.of('/').sockets.get(parsed.data.SocketID) : undefined;
      const success = claims?.ActivityId !== undefined && socket !== undefined;
      if (success) void socket.join(`share:${claims.ActivityId}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Success: success }));
      if (success) {
        io.to(`share:${claims.ActivityId}`).emit('EntityChanges', [
          { EntityType: 'Activity', EntityId: 7, ChangeType: 'updated', Timestamp: 3 },
        ]);
      }
    });
  });
  io = new Server(http, { path: `${PREFIX}/socket.io`, transports: ['websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  c2Url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${PREFIX}`;
});

afterEach(async () => {
  await io.close();
});

describe('socketTarget (spec §3: DomainUrl and C2Url may carry a path)', () => {
  it.each([
    ['http://127.0.0.1:8080', undefined, 'http://127.0.0.1:8080', '/socket.io'],
    ['https://c2.example/c2', undefined, 'https://c2.example', '/c2/socket.io'],
    ['https://c2.example/c2/', undefined, 'https://c2.example', '/c2/socket.io'],
    ['https://c2.example/c2', '/rt', 'https://c2.example', '/rt'],
    ['not a url', undefined, 'not a url', '/socket.io'],
  ])('%s (path %s) → %s + %s', (url, path, uri, enginePath) => {
    expect(socketTarget(url, path)).toEqual({ uri, path: enginePath });
  });
});

describe('socket$ for a share viewer (spec §7 verify-socket-user with a ShareToken)', () => {
  it('connects to the C2Url of a share token and, verified with the ShareToken alone, hears the share room', async () => {
    const token = shareToken(c2Url);
    const url = decodeShareTokenClaims(token)?.C2Url ?? '';
    const verifications: boolean[] = [];
    const events = socket$({
      url,
      reconnectionAttempts: 1,
      reconnectionDelayMs: 10,
      reconnectionDelayMaxMs: 20,
    });
    const changes = await firstValueFrom(
      events.pipe(
        mergeMap((event) => {
          if (event.kind !== 'state' || event.state !== 'connected' || !event.socketId) {
            return from([event]);
          }
          const verification = createMemberIntegrationPublicClient(url).call(verifySocketUser, {
            ShareToken: token,
            SocketID: event.socketId,
          });
          return merge(
            from([event]),
            from(verification).pipe(
              map((answer) => verifications.push(answer.Success)),
              ignoreElements(),
            ),
          );
        }),
        filter((event) => event.kind === 'EntityChanges'),
      ),
    );
    expect(verifications).toEqual([true]);
    expect(changes).toEqual({
      kind: 'EntityChanges',
      payload: [{ EntityType: 'Activity', EntityId: 7, ChangeType: 'updated', Timestamp: 3 }],
    });
  });
});
