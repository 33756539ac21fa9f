/**
 * One phone's answers in a closed-loop run, by request index: when each was answered (ms on one
 * clock, e.g. `performance.now()`), and whether it acknowledged a point no earlier answer of this
 * phone had (a re-sent point is answered, but it is not a new point).
 */
export interface PhoneAnswers {
  readonly answeredAtMs: ArrayLike<number>;
  readonly fresh: ArrayLike<boolean | number>;
  /** How many requests were answered (the arrays may be longer). */
  readonly count: number;
}

/** What a run did while every phone was warm and still sending. */
export interface SustainedWindow {
  /** The window, ms on the answers' clock: after `fromMs`, up to and including `toMs`. */
  readonly fromMs: number;
  readonly toMs: number;
  readonly seconds: number;
  /** New points acknowledged in the window (re-sends not counted). */
  readonly accepted: number;
  /** Answers in the window, re-sends included. */
  readonly requests: number;
}

/**
 * The sustained part of a closed-loop load run: from the moment the last phone got its
 * `warmupAnswers`-th answer (every phone has opened its activity and the server's code is warm) to
 * the moment the first phone got its last answer (from then on fewer phones send, and the run
 * drains). A throughput measured over the whole run also averages in that start and that drain,
 * which a fleet reporting around the clock does not have (docs/decisions.md "Ingest throughput").
 *
 * @returns the window's new points and answers, or null when there is none: no phone, a phone
 *   with no more than `warmupAnswers` answers, or the first phone done before the last one warmed.
 */
export function sustainedWindow(
  phones: readonly PhoneAnswers[],
  warmupAnswers: number,
): SustainedWindow | null {
  if (phones.length === 0) return null;
  let fromMs = -Infinity;
  let toMs = Infinity;
  for (const phone of phones) {
    if (phone.count <= warmupAnswers) return null;
    // With no warm-up the window starts before the first answer.
    const warmAtMs = warmupAnswers > 0 ? phone.answeredAtMs[warmupAnswers - 1] : -Infinity;
    fromMs = Math.max(fromMs, Number(warmAtMs));
    toMs = Math.min(toMs, Number(phone.answeredAtMs[phone.count - 1]));
  }
  if (!(toMs > fromMs)) return null;
  let accepted = 0;
  let requests = 0;
  for (const phone of phones) {
    for (let i = 0; i < phone.count; i += 1) {
      const at = Number(phone.answeredAtMs[i]);
      if (at <= fromMs || at > toMs) continue;
      requests += 1;
      if (phone.fresh[i]) accepted += 1;
    }
  }
  return { fromMs, toMs, seconds: (toMs - fromMs) / 1000, accepted, requests };
}
