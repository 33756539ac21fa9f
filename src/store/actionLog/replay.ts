import * as z from 'zod/mini';
import { rootReducer, type RootState } from '../rootReducer';
import { ACTION_LOG_FORMAT, type ActionLogEntry, type ActionLogExport } from './actionLog';
import { typedArrayReviver } from './typedArrays';

/** The shape of an exported action log (actionLog.ts {@link ActionLogExport}), checked on import. */
const ActionLogExportSchema = z.object({
  format: z.literal(ACTION_LOG_FORMAT),
  version: z.literal(1),
  capacity: z.int().check(z.positive()),
  maxValues: z.number().check(z.positive()),
  dropped: z.int().check(z.nonnegative()),
  exportedAtMs: z.number(),
  entries: z.array(
    z.object({
      seq: z.int().check(z.positive()),
      timeMs: z.number(),
      action: z.looseObject({ type: z.string() }),
      redacted: z.optional(z.array(z.string())),
    }),
  ),
});

/**
 * Reads an exported action log (the JSON text of `exportActionLog()`). JSON keeps what the store's
 * serializable actions hold, except -0 (read back as 0), non-finite numbers (null) and fields whose
 * value is undefined (absent): the contract's values have none of these, so an export replays to the
 * same state as the live log. Typed arrays (columnar tracks) are read back as typed arrays
 * (typedArrays.ts).
 * @throws SyntaxError when `json` is not JSON; a zod error when it is not an action log.
 */
export function parseActionLog(json: string): ActionLogExport {
  return ActionLogExportSchema.parse(JSON.parse(json, typedArrayReviver));
}

/** Thrown when a log cannot be replayed from the initial state: its first actions were dropped. */
export class ActionLogGapError extends RangeError {
  override readonly name = 'ActionLogGapError';
}

function isEntryList(
  log: Pick<ActionLogExport, 'entries'> | readonly ActionLogEntry[],
): log is readonly ActionLogEntry[] {
  return Array.isArray(log);
}

/** The action the replay starts with, to build the initial state as the store's creation does. */
const REPLAY_INIT = { type: '@@lifeline/actionLog/replayInit' } as const;

/**
 * The state the store reached, rebuilt by folding the logged actions over `initialState` with the
 * root reducer (ARCHITECTURE.md §4 "replay(actions) yields the live state"; issue 6 item 4).
 * `initialState` is what the store was created with (`createAppStore`'s `preloadedState`; omitted:
 * the slices' initial states), completed by the reducer as the store completes it.
 *
 * The result equals the live store's state, with two documented differences: a value the log
 * redacted (redact.ts) holds the marker `[redacted]` wherever a reducer stored it (e.g. the member
 * token after `memberTokenLoaded`, an identity's `idToken`); and slices a feature injects exist only
 * when that feature's module is loaded where the replay runs, as in the app. Replay the log in the
 * same build that recorded it.
 *
 * @param log an export (see `parseActionLog`) or the entries of a live log, oldest first
 * @throws ActionLogGapError when the entries do not run 1, 2, 3 … (the oldest were dropped by the
 *   ring's bound, or the log was cut): such a log does not start at the initial state
 */
export function replayActionLog(
  log: Pick<ActionLogExport, 'entries'> | readonly ActionLogEntry[],
  initialState?: Partial<RootState>,
): RootState {
  const entries = isEntryList(log) ? log : log.entries;
  let state = rootReducer(initialState, REPLAY_INIT);
  entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) {
      throw new ActionLogGapError(
        `Action log entry ${index} has seq ${entry.seq}, not ${index + 1}: it does not start at the initial state`,
      );
    }
    state = rootReducer(state, entry.action);
  });
  return state;
}
