/**
 * What the app reports of an API request that got no HTTP answer: the request's origin and path
 * (no query, which may carry ids).
 */
export interface ApiRequestFailure {
  readonly url: string;
}

/** The origin and path of a fetch input; the input's text when it is no absolute URL. */
function requestUrl(input: RequestInfo | URL): string {
  const text = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(text);
    return `${url.origin}${url.pathname}`;
  } catch {
    return text.split('?')[0] ?? text;
  }
}

/** Whether a rejection is the request's own abort (a cancelled call), not a network failure. */
function aborted(error: unknown, init: RequestInit | undefined): boolean {
  return init?.signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * `fetchFn` that reports each request rejected without an HTTP answer (offline, DNS failure,
 * connection refused, CORS; the client's `NetworkError`, status 0) to `report`, then rejects as
 * `fetchFn` did. Aborted requests are not reported.
 *
 * This is the store's reading of spec application-behaviour §8 "Any API error marks a network-error
 * state": the API clients (src/api/client) all fetch through `StoreDependencies.fetch`, so wrapping it
 * sees every call. Only a request with no answer marks the state — an HTTP answer of any status (4xx
 * validation, 404, 5xx) proves the network and the server reachable and is the call's own failure,
 * which its feature reports (§8 "Call failures"). The app wires `report` to dispatch
 * `apiRequestFailed` (src/store/network/networkSlice.ts), which marks the state without moving the
 * app; the move to /error/network-error stays the rule of §2 (network down and no socket).
 */
export function reportingFetch(
  fetchFn: typeof fetch,
  report: (failure: ApiRequestFailure) => void,
): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchFn(input, init);
    } catch (error) {
      if (!aborted(error, init)) report({ url: requestUrl(input) });
      throw error;
    }
  };
}
