import { describe, expect, it } from 'vitest';
import { reportingFetch, type ApiRequestFailure } from '../../../../src/store/network/apiFailures';

const API = 'https://eu.example.com/api/member-integration';

/** A fetch answering `answer` for every request, and the failures it reported. */
function wrapped(answer: (init?: RequestInit) => Promise<Response>) {
  const reported: ApiRequestFailure[] = [];
  const fetch = reportingFetch(
    (_input, init) => answer(init),
    (failure) => reported.push(failure),
  );
  return { fetch, reported };
}

describe('reportingFetch (spec §8 "Any API error marks a network-error state")', () => {
  it('reports a request without an answer, by origin and path, and rejects as fetch did', async () => {
    const offline = new TypeError('Failed to fetch');
    const { fetch, reported } = wrapped(() => Promise.reject(offline));
    await expect(fetch(`${API}/load-wearer-reminders/5?x=1`)).rejects.toBe(offline);
    await expect(fetch(new URL(`${API}/devices`))).rejects.toBe(offline);
    await expect(fetch(new Request(`${API}/equipment`))).rejects.toBe(offline);
    expect(reported).toEqual([
      { url: `${API}/load-wearer-reminders/5` },
      { url: `${API}/devices` },
      { url: `${API}/equipment` },
    ]);
  });

  it('does not report HTTP answers of any status: the server was reached', async () => {
    for (const status of [200, 400, 404, 500, 503]) {
      const { fetch, reported } = wrapped(() => Promise.resolve(new Response('{}', { status })));
      expect((await fetch(`${API}/devices`)).status).toBe(status);
      expect(reported).toEqual([]);
    }
  });

  it('does not report a cancelled request', async () => {
    const abort = new AbortController();
    abort.abort();
    const { fetch, reported } = wrapped(() =>
      Promise.reject(new DOMException('aborted', 'AbortError')),
    );
    await expect(fetch(`${API}/devices`, { signal: abort.signal })).rejects.toThrow('aborted');
    await expect(fetch(`${API}/devices`)).rejects.toThrow('aborted');
    expect(reported).toEqual([]);
  });
});
