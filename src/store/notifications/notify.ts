import type { StoreDependencies } from '../dependencies';
import { NOTIFICATION_BASE_MS, NOTIFICATION_PER_CHARACTER_MS } from '../timing';
import { notificationShown, type AppNotification } from './notificationsSlice';

/** How long a notification with `text` stays, ms: 3000 ms plus 70 ms per character (spec §8). */
export function notificationDurationMs(text: string): number {
  return NOTIFICATION_BASE_MS + NOTIFICATION_PER_CHARACTER_MS * Array.from(text).length;
}

let sequence = 0;

/**
 * The action that shows a notification of `key` (translated with `params` to size its duration).
 * Ids are unique within the page.
 */
export function notify(
  deps: Pick<StoreDependencies, 'translate' | 'now'>,
  tone: AppNotification['tone'],
  key: string,
  params?: Readonly<Record<string, string | number>>,
): ReturnType<typeof notificationShown> {
  sequence += 1;
  return notificationShown({
    id: `${deps.now()}-${sequence}`,
    tone,
    key,
    ...(params ? { params } : {}),
    durationMs: notificationDurationMs(deps.translate(key, params)),
  });
}
