import * as z from 'zod/mini';
import { ActivationCode, Imei } from '../../api/validation';
import type { KeyValueStorage } from '../../streams/storage';

/** Storage key of the activation a QR code started (policy §1 "Device activation from a QR code"). */
export const PENDING_ACTIVATION_STORAGE_KEY = 'lifeline.pendingActivation';

/**
 * How long a remembered QR activation stays usable, ms: 24 hours, enough to create an account and
 * verify it, short enough that a device's code does not linger in a shared browser. Our choice.
 */
export const PENDING_ACTIVATION_MAX_AGE_MS = 24 * 60 * 60_000;

/** A device waiting to be activated once the user has an account: its IMEI and 6-digit code. */
export const PendingActivation = z.object({ imei: Imei, code: ActivationCode });
export type PendingActivation = z.infer<typeof PendingActivation>;

const StoredPendingActivation = z.extend(PendingActivation, { savedAt: z.number() });

/** Whether `imei` and `code` (e.g. from a QR path) pass the contract's IMEI and code rules. */
export function isValidActivationPair(imei: string, code: string): boolean {
  return PendingActivation.safeParse({ imei, code }).success;
}

/** Writes `pending` with its save time `nowMs` (epoch ms). */
export function writePendingActivation(
  storage: KeyValueStorage,
  pending: PendingActivation,
  nowMs: number,
): void {
  storage.set(
    PENDING_ACTIVATION_STORAGE_KEY,
    JSON.stringify({ imei: pending.imei, code: pending.code, savedAt: nowMs }),
  );
}

/**
 * The remembered activation, or null when there is none, it does not parse or pass the contract's
 * rules (a hand-edited or foreign value), or it is older than {@link PENDING_ACTIVATION_MAX_AGE_MS}
 * at `nowMs` (epoch ms). A stale or invalid value is removed.
 */
export function readPendingActivation(
  storage: KeyValueStorage,
  nowMs: number,
): PendingActivation | null {
  const text = storage.get(PENDING_ACTIVATION_STORAGE_KEY);
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = StoredPendingActivation.safeParse(json);
  const age = parsed.success ? nowMs - parsed.data.savedAt : Infinity;
  if (!parsed.success || age < 0 || age > PENDING_ACTIVATION_MAX_AGE_MS) {
    storage.remove(PENDING_ACTIVATION_STORAGE_KEY);
    return null;
  }
  return { imei: parsed.data.imei, code: parsed.data.code };
}
