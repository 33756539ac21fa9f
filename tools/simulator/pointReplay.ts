import { batteryPercent } from './battery';
import { answerMessage, exchangeWithRetry, isStopped, type DeviceLink } from './deviceHttp';
import { fixBatchRequest, type DeviceRequest } from './fixBatch';
import { osmandUrl, type OsmAndFix } from './osmandUrl';
import type { ReplayStep } from './replayPlan';
import type { SimulationEvent, SimulationStats } from './simulationTypes';

/** What {@link replayPoints} sends with and reports to. */
export interface PointReplayContext {
  readonly link: DeviceLink;
  readonly server: string;
  readonly ingestKey: string;
  /** Points per loop (to tell when a loop is finished). */
  readonly count: number;
  /** Device time of the first fix, epoch ms: the battery drains from there. */
  readonly startMs: number;
  readonly batteryStartPct: number;
  readonly batteryDrainPctPerHour: number;
  /**
   * Least device time between two fixes sent with the track's heart rate, ms; null sends none
   * ({@link replayPoints}).
   */
  readonly heartRateEveryMs: number | null;
  /** Counts, updated as fixes are answered. */
  readonly stats: SimulationStats;
  readonly emit: (event: SimulationEvent) => void;
}

/**
 * Sends each step's fix over the OsmAnd protocol (osmandUrl.ts) when its device time comes on the
 * link's clock, one at a time so the server gets them in order: network failures, timeouts, 5xx and
 * 429 are retried with backoff (deviceHttp.ts) and hold the later fixes back, which then go out as fast
 * as the server answers (as a device flushing its buffer); a 2xx counts the fix sent, another answer
 * (a 4xx) is reported and the fix skipped. Battery charge drains with device time (battery.ts).
 * With `heartRateEveryMs`, a fix whose point recorded a heart rate goes instead as a JSON batch with
 * it (fixBatch.ts: OsmAnd has no heart-rate parameter) when at least that much device time passed
 * since the last heart rate accepted. Resolves when the steps run out or the link's signal aborts.
 */
export async function replayPoints(
  steps: Iterable<ReplayStep>,
  context: PointReplayContext,
): Promise<void> {
  const { link, stats, emit } = context;
  let heartRateSentMs = Number.NEGATIVE_INFINITY;
  for (const step of steps) {
    const waitMs = step.deviceTimeMs - link.clock.now();
    if (waitMs > 0) await link.clock.sleep(waitMs, link.signal);
    if (isStopped(link)) return;
    const batteryPct = batteryPercent(
      step.deviceTimeMs - context.startMs,
      context.batteryStartPct,
      context.batteryDrainPctPerHour,
    );
    const fix: OsmAndFix = {
      deviceTimeMs: step.deviceTimeMs,
      lat: step.point.lat,
      lon: step.point.lon,
      altM: step.point.altM,
      speedMps: step.speedMps,
      bearingDeg: step.bearingDeg,
      batteryPct,
      sos: step.sos,
    };
    const every = context.heartRateEveryMs;
    const heartRateBpm =
      every !== null && step.deviceTimeMs - heartRateSentMs >= every
        ? step.point.heartRateBpm
        : null;
    const request: DeviceRequest =
      heartRateBpm === null
        ? { url: osmandUrl(context.server, context.ingestKey, fix), init: { method: 'GET' } }
        : fixBatchRequest(context.server, context.ingestKey, fix, heartRateBpm);
    const answer = await exchangeWithRetry(
      link,
      request.url,
      request.init,
      (attempt, delayMs, reason) => {
        stats.retries += 1;
        emit({ type: 'retrying', attempt, delayMs, reason });
      },
    );
    if (answer === null) return;
    const { loop, index } = step;
    if (answer.status >= 200 && answer.status < 300) {
      stats.pointsSent += 1;
      if (step.sos) stats.sosSent += 1;
      if (heartRateBpm !== null) {
        stats.heartRatesSent += 1;
        heartRateSentMs = step.deviceTimeMs;
      }
      emit({
        type: 'point-sent',
        loop,
        index,
        count: context.count,
        deviceTimeMs: step.deviceTimeMs,
        sos: step.sos,
        batteryPct,
        heartRateBpm,
      });
    } else {
      stats.pointsRejected += 1;
      emit({
        type: 'point-rejected',
        loop,
        index,
        count: context.count,
        status: answer.status,
        message: answerMessage(answer),
      });
    }
    if (index === context.count - 1) {
      stats.loopsCompleted += 1;
      emit({ type: 'loop-finished', loop });
    }
  }
}
