import { isAction, type Middleware } from '@reduxjs/toolkit';
import { BoundedRing } from './boundedRing';
import { redactAction, type LoggedAction } from './redact';
import { typedArrayReplacer } from './typedArrays';

/** Most actions the log keeps; older ones are dropped (issue 6 item 4 "bounded ring"). */
export const ACTION_LOG_CAPACITY = 5_000;

/**
 * Most payload values (objects, arrays and leaves, as {@link redactAction} weighs them) the log keeps,
 * so that a run of large actions (activity details with long location histories, refreshed every
 * minute) cannot hold the page's memory: about 2 million values is some 285,000 location points.
 */
export const ACTION_LOG_MAX_VALUES = 2_000_000;

/** `format` of an exported action log. */
export const ACTION_LOG_FORMAT = 'lifeline-action-log';

/**
 * One recorded action: `seq` counts the store's actions from 1 (a gap before the first entry means
 * older ones were dropped); `timeMs` when it was dispatched (epoch ms, the store's clock); `action`
 * redacted (see redact.ts); `redacted` the dotted paths that were, when any were.
 */
export interface ActionLogEntry {
  readonly seq: number;
  readonly timeMs: number;
  readonly action: LoggedAction;
  readonly redacted?: readonly string[];
}

/**
 * The log as exported (JSON): its bounds, how many actions were `dropped` (the entries then start
 * at seq `dropped + 1`), when it was exported (epoch ms), and the entries oldest first.
 */
export interface ActionLogExport {
  readonly format: typeof ACTION_LOG_FORMAT;
  readonly version: 1;
  readonly capacity: number;
  readonly maxValues: number;
  readonly dropped: number;
  readonly exportedAtMs: number;
  readonly entries: readonly ActionLogEntry[];
}

/**
 * The store's action log (ARCHITECTURE.md §4 "every change is a serializable action … the log can
 * be recorded and replayed"; issue 6 item 4). `middleware` records each action as it reaches the
 * reducer; `entries()` and `snapshot()` read the log; `exportActionLog()` is the snapshot as JSON
 * text, to attach to a bug report and replay with replay.ts.
 */
export interface ActionLog {
  readonly middleware: Middleware;
  /** The entries held, oldest first. */
  entries(): ActionLogEntry[];
  /** The log with its bounds and drop count, as {@link exportActionLog} writes it. */
  snapshot(): ActionLogExport;
  /** {@link snapshot} as JSON text. */
  exportActionLog(): string;
}

/** How to build an {@link ActionLog}. */
export interface ActionLogOptions {
  /** The clock stamping entries, epoch ms (the store's `now` dependency). */
  readonly now: () => number;
  /** Most entries kept (default {@link ACTION_LOG_CAPACITY}). */
  readonly capacity?: number;
  /** Most payload values kept (default {@link ACTION_LOG_MAX_VALUES}). */
  readonly maxValues?: number;
}

/**
 * A new, empty {@link ActionLog}. Its middleware belongs last in the store's chain, after the epic
 * middleware: it then sees exactly the actions that reach the reducer, in the order they reach it
 * (an action an epic dispatches in reaction comes after its cause), and nothing a middleware
 * swallows (thunks). Secrets are redacted as each action is recorded (redact.ts), so they never
 * enter the log.
 */
export function createActionLog(options: ActionLogOptions): ActionLog {
  const capacity = options.capacity ?? ACTION_LOG_CAPACITY;
  const maxValues = options.maxValues ?? ACTION_LOG_MAX_VALUES;
  const ring = new BoundedRing<ActionLogEntry>(capacity, maxValues);
  let seq = 0;

  const record = (action: LoggedAction) => {
    const redaction = redactAction(action);
    seq += 1;
    ring.push(
      {
        seq,
        timeMs: options.now(),
        action: redaction.action,
        ...(redaction.paths.length > 0 ? { redacted: redaction.paths } : {}),
      },
      redaction.weight,
    );
  };

  const snapshot = (): ActionLogExport => ({
    format: ACTION_LOG_FORMAT,
    version: 1,
    capacity,
    maxValues,
    dropped: ring.dropped,
    exportedAtMs: options.now(),
    entries: ring.items(),
  });

  return {
    middleware: () => (next) => (action) => {
      if (isAction(action)) record(action);
      return next(action);
    },
    entries: () => ring.items(),
    snapshot,
    exportActionLog: () => JSON.stringify(snapshot(), typedArrayReplacer),
  };
}
