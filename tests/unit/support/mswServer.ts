import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for the test file: registers `beforeAll` (listen), `afterEach` (drop the handlers a
 * test added) and `afterAll` (close). `onUnhandledRequest` says what a request no handler answers
 * does: 'error' fails the test, 'bypass' lets it through to the network. `handlers` answer in every
 * test of the file (resetting keeps them).
 */
export function registerMswServer(
  onUnhandledRequest: 'error' | 'bypass' = 'error',
  ...handlers: RequestHandler[]
): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => {
    server.listen({ onUnhandledRequest });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });
  return server;
}
