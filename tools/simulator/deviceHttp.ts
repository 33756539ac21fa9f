import { ApiErrorBody } from '../../src/api/errors';
import type { SimulationClock } from './clock';

/** How long a request may take, headers and body, before it counts as a network failure, ms. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Wait before the first retry, ms; each further retry waits twice as long … */
export const RETRY_FIRST_DELAY_MS = 1_000;
/** … up to this, ms. A device never gives a fix up for lost: it retries until stopped. */
export const RETRY_MAX_DELAY_MS = 30_000;

/** What the simulated device talks through: `fetch`, the `clock`, and the simulation's stop `signal`. */
export interface DeviceLink {
  readonly fetch: typeof fetch;
  readonly clock: SimulationClock;
  readonly signal: AbortSignal;
}

/** An HTTP answer: its status code and its body as text. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * Whether the simulation was stopped. A call, not a property read, so that checks after an `await`
 * are not narrowed away by the one before it.
 */
export function isStopped(link: DeviceLink): boolean {
  return link.signal.aborted;
}

/** Thrown by {@link exchange} when the simulation was stopped before or during the request. */
export class SimulationStopped extends Error {
  constructor() {
    super('The simulation was stopped');
    this.name = 'SimulationStopped';
  }
}

/**
 * One request through `link.fetch`, with its whole body read: the answer, whatever its status. Throws
 * {@link SimulationStopped} when the stop signal aborts it, or an Error for a network failure or after
 * {@link REQUEST_TIMEOUT_MS} (timed on `link.clock`).
 */
export async function exchange(
  link: DeviceLink,
  url: string,
  init: RequestInit,
): Promise<HttpAnswer> {
  if (isStopped(link)) throw new SimulationStopped();
  const request = new AbortController();
  const timer = new AbortController();
  const onStop = () => {
    request.abort(new SimulationStopped());
  };
  link.signal.addEventListener('abort', onStop, { once: true });
  void link.clock.sleep(REQUEST_TIMEOUT_MS, timer.signal).then(() => {
    if (!timer.signal.aborted) {
      request.abort(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`));
    }
  });
  try {
    const response = await link.fetch(url, { ...init, signal: request.signal });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (isStopped(link)) throw new SimulationStopped();
    const reason: unknown = request.signal.aborted ? request.signal.reason : error;
    throw new Error(describeFailure(reason), { cause: error });
  } finally {
    timer.abort();
    link.signal.removeEventListener('abort', onStop);
  }
}

/**
 * A network failure in a few words: the error's message with its cause's code or message when it has
 * one (undici says `fetch failed`, its cause `ECONNREFUSED`).
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return `${error.message}: ${typeof code === 'string' ? code : cause.message}`;
  }
  return error.message;
}

/** Whether an answer's status is worth sending the request again for: 5xx and 429. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/** The wait before retry number `attempt` (from 1), ms: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * {@link exchange} until it gets an answer that is not retryable (a 2xx, 3xx or 4xx other than 429):
 * after a network failure, a timeout or a retryable status it calls `onRetry(attempt, delayMs, reason)`
 * and waits {@link retryDelayMs} on the clock. Resolves with the answer, or null once stopped.
 */
export async function exchangeWithRetry(
  link: DeviceLink,
  url: string,
  init: RequestInit,
  onRetry: (attempt: number, delayMs: number, reason: string) => void,
): Promise<HttpAnswer | null> {
  for (let attempt = 1; ; attempt += 1) {
    let reason: string;
    try {
      const answer = await exchange(link, url, init);
      if (!isRetryableStatus(answer.status)) return answer;
      reason = `HTTP ${answer.status}: ${answerMessage(answer)}`;
    } catch (error) {
      if (error instanceof SimulationStopped) return null;
      reason = error instanceof Error ? error.message : String(error);
    }
    const delayMs = retryDelayMs(attempt);
    onRetry(attempt, delayMs, reason);
    await link.clock.sleep(delayMs, link.signal);
    if (isStopped(link)) return null;
  }
}

/**
 * What an error answer says: the `Error` of Lifeline's error body (src/api/errors.ts), else the start
 * of the body's text, else `HTTP <status>`.
 */
export function answerMessage(answer: HttpAnswer): string {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(answer.body));
    if (parsed.success) return parsed.data.Error;
  } catch {
    // Not JSON: fall through to the text.
  }
  const text = answer.body.trim().slice(0, 200);
  return text || `HTTP ${answer.status}`;
}
