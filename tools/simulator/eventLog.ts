import type { SimulationEvent, SimulationStats } from './simulationTypes';

/** Least time between two "points sent" progress lines, ms (SOS, refusals and messages always print). */
export const PROGRESS_EVERY_MS = 5_000;

function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

/**
 * A listener for simulation events that writes one line per event worth telling (the CLI's progress
 * log), each prefixed with the UTC time of `now()` (epoch ms): every SOS, refused point, retry, loop
 * end and message step; accepted points as a running count at most every {@link PROGRESS_EVERY_MS}
 * (and the first one).
 */
export function createEventLog(
  write: (line: string) => void,
  now: () => number,
): (event: SimulationEvent) => void {
  let sent = 0;
  let lastProgressMs: number | null = null;
  const line = (text: string) => {
    write(`[${clockTime(now())}] ${text}`);
  };
  return (event) => {
    switch (event.type) {
      case 'point-sent': {
        sent += 1;
        const where = `point ${event.index + 1}/${event.count} of loop ${event.loop + 1}`;
        if (event.sos) {
          line(`SOS sent with ${where}`);
        } else if (lastProgressMs === null || now() - lastProgressMs >= PROGRESS_EVERY_MS) {
          lastProgressMs = now();
          line(`${sent} points sent; at ${where}, battery ${event.batteryPct}%`);
        }
        return;
      }
      case 'point-rejected':
        line(
          `point ${event.index + 1}/${event.count} of loop ${event.loop + 1} refused (HTTP ${event.status}): ` +
            `${event.message}; skipped`,
        );
        return;
      case 'retrying':
        line(
          `request failed (${event.reason}); retry ${event.attempt} in ${event.delayMs / 1000} s`,
        );
        return;
      case 'loop-finished':
        line(`loop ${event.loop + 1} finished (${sent} points sent so far)`);
        return;
      case 'message-delivered':
        line(`message ${event.messageId} from ${event.senderName}: "${event.text}" (delivered)`);
        return;
      case 'message-seen':
        line(`message ${event.messageId} seen`);
        return;
      case 'message-replied':
        line(`message ${event.messageId} answered "${event.replyText}"`);
        return;
      case 'messages-unavailable':
        line('warning: the server has no message routes (404); messages are not simulated');
        return;
      case 'message-problem':
        line(
          `warning: ${event.messageId === null ? '' : `message ${event.messageId}: `}${event.message}`,
        );
        return;
    }
  };
}

/** One line summing up a simulation's counts. */
export function formatStats(stats: SimulationStats): string {
  return (
    `${stats.pointsSent} points sent (${stats.heartRatesSent} with heart rate), ` +
    `${stats.pointsRejected} refused, ${stats.retries} retries, ` +
    `${stats.sosSent} SOS, ${stats.loopsCompleted} loops; messages: ${stats.messagesDelivered} ` +
    `delivered, ${stats.messagesSeen} seen, ${stats.messagesReplied} answered`
  );
}
