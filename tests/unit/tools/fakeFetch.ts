/**
 * A fake `fetch` for the simulator tests: records every call (virtual time `atMs` from `Date.now()`,
 * which fake timers drive; method; URL; JSON body or null) and answers with `respond`, which may
 * return a Response, throw (a network failure), or never settle (the fake then rejects when the
 * request's signal aborts, as fetch does).
 */
export interface FakeCall {
  readonly atMs: number;
  readonly method: string;
  readonly url: URL;
  readonly body: unknown;
}

export function fakeFetch(respond: (call: FakeCall) => Response | Promise<Response>): {
  readonly fetch: typeof fetch;
  readonly calls: FakeCall[];
} {
  const calls: FakeCall[] = [];
  const fake = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input : input.url,
    );
    const text = typeof init?.body === 'string' ? init.body : null;
    const call: FakeCall = {
      atMs: Date.now(),
      method: init?.method ?? 'GET',
      url,
      body: text === null ? null : (JSON.parse(text) as unknown),
    };
    calls.push(call);
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      });
      Promise.resolve()
        .then(() => respond(call))
        .then(resolve, reject);
    });
  };
  return { fetch: fake, calls };
}

/** A JSON answer with `status`. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An empty answer with `status` (the OsmAnd endpoint's 200). */
export function empty(status = 200): Response {
  return new Response(null, { status });
}
