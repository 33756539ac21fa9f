import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for the test file: registers `beforeAll` (listen), `afterEach` (drop the handlers a
 * test added) and `afterAll` (close). `onUnhandledRequest` says what a request no handler answers
 * does: 'error' fails the test, 'bypass' lets it through to the network.
 */
export function registerMswServer(onUnhandledRequest: 'error' | 'bypass' = 'error'): SetupServer {
  const server = setupServer();
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
