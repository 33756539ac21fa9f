import { v4 as uuidv4 } from 'uuid';
import type { KeyValueStorage } from '../../streams/storage';

/*
 * What a share viewer's app instance remembers in this browser's storage (spec app §6 "Share viewer":
 * notes and resolving need a viewer id; §4 "Message delivery status": the last-viewed time of a thread
 * is kept per app instance). Nothing here is secret: the share token is never stored.
 */

/** Storage key of this app instance's ShareViewerId (a random UUID, made once). */
export const SHARE_VIEWER_ID_STORAGE_KEY = 'lifeline.share.viewerId';
/** Storage key of the guardian's name, sent as SenderName / GuardianName. */
export const GUARDIAN_NAME_STORAGE_KEY = 'lifeline.share.guardianName';
/** Storage key prefix of a thread's last-viewed time; the activity id follows. */
export const THREAD_VIEWED_STORAGE_KEY_PREFIX = 'lifeline.share.threadViewed.';

/** Who this app instance is as a share viewer: its id, and the name the guardian gave (or null). */
export interface ShareViewer {
  readonly ShareViewerId: string;
  readonly GuardianName: string | null;
}

/**
 * This app instance's viewer: the stored ShareViewerId, or a new one from `newId` (default a random
 * version 4 UUID from the uuid package: `crypto.randomUUID` where the browser offers it, else
 * `crypto.getRandomValues` — a share link opened over plain http on a local network is no secure
 * context, and `crypto.randomUUID` is missing there) that is stored at once, and the stored guardian
 * name. When storage is unavailable the id lasts for this page only.
 */
export function loadShareViewer(
  storage: KeyValueStorage,
  newId: () => string = () => uuidv4(),
): ShareViewer {
  let id = storage.get(SHARE_VIEWER_ID_STORAGE_KEY);
  if (!id) {
    id = newId();
    storage.set(SHARE_VIEWER_ID_STORAGE_KEY, id);
  }
  const name = storage.get(GUARDIAN_NAME_STORAGE_KEY);
  return { ShareViewerId: id, GuardianName: name && name.trim() ? name : null };
}

/** Remembers the guardian's name (already validated as a PersonName) for later visits. */
export function saveGuardianName(storage: KeyValueStorage, name: string): void {
  storage.set(GUARDIAN_NAME_STORAGE_KEY, name);
}

/**
 * When this app instance last viewed the thread of `activityId`, epoch ms, or null when never (or the
 * stored value is not a number).
 */
export function loadThreadViewedTime(storage: KeyValueStorage, activityId: number): number | null {
  const text = storage.get(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}${activityId}`);
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Remembers that the thread of `activityId` was viewed at `atMs` (epoch ms). */
export function saveThreadViewedTime(
  storage: KeyValueStorage,
  activityId: number,
  atMs: number,
): void {
  storage.set(`${THREAD_VIEWED_STORAGE_KEY_PREFIX}${activityId}`, String(atMs));
}
