import type { Action } from '@reduxjs/toolkit';

/*
 * What the action log may not keep (issue 6 item 4; ARCHITECTURE.md §4 "the log can be recorded and
 * replayed"). Two rules, applied when an action is recorded, so a secret never enters the log, its
 * export, or anything that reads them:
 *
 * 1. An action whose `meta.sensitive` is true (it carries a password, a one-time code or a token;
 *    mark it with an RTK `prepare`: `prepare: (p: P) => ({ payload: p, meta: { sensitive: true } })`)
 *    keeps its `type` and `meta.sensitive`; its payload, and every other field but `type`, become
 *    their *skeleton*: the same objects and arrays with every string and number replaced by
 *    {@link REDACTED} (booleans, null and undefined kept). The shape stays so that replaying the action
 *    runs its reducer without crashing; a reducer that stores the payload stores the marker.
 * 2. In every other action, a field is replaced by {@link REDACTED} when its name says it holds a
 *    secret ({@link isSecretField}): it contains password, passcode, passphrase, secret, token, totp,
 *    apikey, ingestkey, privatekey, verificationcode or activationcode, or it is exactly code, otp or
 *    pin (all case-insensitive) — except a `code` beside a string `message`, which is an error's code
 *    (an identity-service exception name such as NotAuthorizedException), kept for diagnosis.
 *    A null or undefined secret field stays as it is: its absence tells nothing.
 *
 * Values nested deeper than {@link MAX_DEPTH} are redacted too (which also ends a cyclic payload).
 * The rules cannot see a secret inside a free-text value (a URL embedding a share token): an action
 * carrying one must be marked sensitive.
 */

/** The marker that replaces a redacted value. */
export const REDACTED = '[redacted]';

/** Nesting beyond which a value is replaced by the marker rather than walked. */
export const MAX_DEPTH = 64;

/** The fields of an action the log reads; `type` is always kept. */
export type LoggedAction = Action & {
  readonly payload?: unknown;
  readonly meta?: unknown;
  readonly error?: unknown;
};

/** A recorded action and what was redacted from it. */
export interface Redaction {
  readonly action: LoggedAction;
  /**
   * Dotted paths of the redacted values (`payload`, `payload.idToken`, `meta.arg.password`, `[i]`
   * for array items); empty when nothing was.
   */
  readonly paths: readonly string[];
  /** Values visited (a measure of the action's size, for the log's memory bound). */
  readonly weight: number;
}

const SECRET_NAME =
  /password|passcode|passphrase|secret|token|totp|apikey|ingestkey|privatekey|verificationcode|activationcode/i;
const SECRET_EXACT_NAME = /^(code|otp|pin)$/i;
const ERROR_CODE_NAME = /^code$/i;

/** Field names seen before, by name: payloads repeat the same few names many times. */
const nameCache = new Map<string, boolean>();

function secretName(name: string): boolean {
  let secret = nameCache.get(name);
  if (secret === undefined) {
    secret = SECRET_NAME.test(name) || SECRET_EXACT_NAME.test(name);
    if (nameCache.size < 10_000) nameCache.set(name, secret);
  }
  return secret;
}

/** Whether `name`, a field of `owner`, holds a secret under rule 2 of this module. */
export function isSecretField(name: string, owner: object): boolean {
  if (!secretName(name)) return false;
  const { message, Message } = owner as { message?: unknown; Message?: unknown };
  const isErrorCode = ERROR_CODE_NAME.test(name) && typeof (message ?? Message) === 'string';
  return !isErrorCode;
}

/** Whether `action` is marked `meta.sensitive` (rule 1 of this module). */
export function isSensitiveAction(action: LoggedAction): boolean {
  const meta = action.meta;
  return (
    typeof meta === 'object' &&
    meta !== null &&
    (meta as { sensitive?: unknown }).sensitive === true
  );
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The walk's state: the path being visited, the redacted paths, the values visited. */
interface Walk {
  readonly path: (string | number)[];
  readonly paths: string[];
  weight: number;
}

function pathOf(walk: Walk, last: string | number): string {
  return [...walk.path, last].reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part,
    '',
  );
}

/** `value` with every string and number replaced by the marker (rule 1). */
function skeleton(value: unknown, walk: Walk, depth: number): unknown {
  walk.weight += 1;
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => skeleton(item, walk, depth + 1));
  if (!isPlainObject(value)) return REDACTED;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = skeleton(item, walk, depth + 1);
  return copy;
}

/**
 * `value` (at depth `depth`, a field of the walk's path) with its secret fields replaced (rule 2);
 * `value` itself when it has none. Leaves are handled in the loops, not by a call each: a location
 * history holds hundreds of thousands of them.
 */
function withoutSecrets(value: object, walk: Walk, depth: number): unknown {
  walk.weight += 1;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (item === null || typeof item !== 'object') {
        walk.weight += 1;
        continue;
      }
      const next = within(item, index, walk, depth);
      if (next !== item) (copy ??= [...(value as unknown[])])[index] = next;
    }
    return copy ?? value;
  }
  // Typed arrays, dates and class instances carry no field names to look at.
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  const keys = Object.keys(value);
  for (const key of keys) {
    const item = value[key];
    let next: unknown = item;
    if (item !== null && item !== undefined && secretName(key) && isSecretField(key, value)) {
      walk.paths.push(pathOf(walk, key));
      next = REDACTED;
    } else if (item !== null && typeof item === 'object') {
      next = within(item, key, walk, depth);
    } else {
      walk.weight += 1;
    }
    if (next !== item) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}

/** `item`, the field `part` of the walk's path, walked one level deeper (or cut at the bound). */
function within(item: object, part: string | number, walk: Walk, depth: number): unknown {
  if (depth + 1 >= MAX_DEPTH) {
    walk.weight += 1;
    walk.paths.push(pathOf(walk, part));
    return REDACTED;
  }
  walk.path.push(part);
  const next = withoutSecrets(item, walk, depth + 1);
  walk.path.pop();
  return next;
}

/**
 * `action` as the log keeps it, under the two rules of this module, with the paths redacted. An
 * action with nothing to redact is returned as it is (same object). Pure; never throws for a
 * serializable action.
 */
export function redactAction(action: LoggedAction): Redaction {
  const walk: Walk = { path: [], paths: [], weight: 0 };
  const redacted = isSensitiveAction(action)
    ? sensitiveSkeleton(action, walk)
    : withoutSecrets(action, walk, 0);
  return { action: redacted as LoggedAction, paths: walk.paths, weight: Math.max(1, walk.weight) };
}

/** A sensitive action as rule 1 keeps it: `type` and `meta.sensitive`, the rest as skeletons. */
function sensitiveSkeleton(action: LoggedAction, walk: Walk): LoggedAction {
  const copy: Record<string, unknown> = { type: action.type };
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type') continue;
    if (key === 'meta' && typeof value === 'object' && value !== null) {
      const { sensitive, ...rest } = value as Record<string, unknown>;
      walk.paths.push(...Object.keys(rest).map((name) => `meta.${name}`));
      copy.meta = { ...(skeleton(rest, walk, 1) as Record<string, unknown>), sensitive };
    } else {
      if (value !== undefined) walk.paths.push(key);
      copy[key] = skeleton(value, walk, 1);
    }
  }
  return copy as LoggedAction;
}
