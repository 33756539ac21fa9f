import type { AlertType, Severity } from '../../src/api/enums';
import {
  applyDecisions,
  HELD_UNTIL_CLEARED,
  heldSince,
  PAUSE_EXEMPT,
  type AlertState,
  type Decision,
  type Observation,
  type Position,
  type RuleContext,
} from './alertState';
import { clears } from './clearingBands';

/*
 * How a rule decides (server/alerts/alertRules.ts, deviceReportRules.ts, timeRules.ts): open a type
 * when it is configured, not open and not paused; close a type when open.
 */

/** Evaluates one observation; `state` already holds the decisions of earlier ones. */
export type Rule = (
  state: AlertState,
  observation: Observation,
  context: RuleContext,
) => Decision[];

function isOpen(state: AlertState, type: AlertType): boolean {
  return state.open.some((alert) => alert.type === type);
}

/** The configured severity of `type`, 0 (off) when not configured. */
function severityOf(context: RuleContext, type: AlertType): Severity {
  return context.configs.get(type)?.Severity ?? 0;
}

/** The configured threshold of `type`, null when none. */
export function thresholdOf(context: RuleContext, type: AlertType): number | null {
  return context.configs.get(type)?.ThresholdValue ?? null;
}

function isPaused(state: AlertState, context: RuleContext): boolean {
  return state.pausedUntilMs !== null && context.nowMs < state.pausedUntilMs;
}

/** Opens `type` when it is configured, not open, and not held by a pause ({@link PAUSE_EXEMPT}). */
export function openIf(
  state: AlertState,
  context: RuleContext,
  type: AlertType,
  at: { timeMs: number; value?: number | null; position?: Position | null },
  extra: Pick<Extract<Decision, { kind: 'OPEN' }>, 'bodyPosition'> = { bodyPosition: null },
): Decision[] {
  const severity = severityOf(context, type);
  if (severity === 0 || isOpen(state, type)) return [];
  // A person closed it and its reading has not been back to normal since (alertState.ts).
  if (HELD_UNTIL_CLEARED.has(type) && heldSince(state, type) !== null) return [];
  if (!PAUSE_EXEMPT.has(type) && isPaused(state, context)) return [];
  return [
    {
      kind: 'OPEN',
      type,
      severity,
      timeMs: at.timeMs,
      value: at.value ?? null,
      position: at.position ?? context.lastPosition,
      ...extra,
    },
  ];
}

/**
 * Closes `type` when it is open and was raised at or before `timeMs` (epoch ms, the observation's
 * time): a late observation — a buffered close command, an old battery reading, fixes from before
 * the alert — never closes an alert raised after it.
 */
export function closeIf(
  state: AlertState,
  type: AlertType,
  reason: Extract<Decision, { kind: 'CLOSE' }>['reason'],
  timeMs: number,
  by: 'SYSTEM' | 'WEARER' = 'SYSTEM',
): Decision[] {
  const raisedBefore = state.open.some((alert) => alert.type === type && alert.openedMs <= timeMs);
  return raisedBefore ? [{ kind: 'CLOSE', type, reason, timeMs, by }] : [];
}

/**
 * The end of the hold on `type` at `timeMs` (epoch ms) when a person's close holds it
 * ({@link HELD_UNTIL_CLEARED}) and the caller saw its condition back to normal; otherwise nothing.
 */
export function rearmIf(state: AlertState, type: AlertType, timeMs: number): Decision[] {
  return HELD_UNTIL_CLEARED.has(type) && heldSince(state, type) !== null
    ? [{ kind: 'REARM', type, timeMs }]
    : [];
}

/**
 * A person's alert (a help request, a fall, no response to the watch's prompt) reported again this
 * long after an open one of the same type that no person has resolved, ms, is a new one: the open one
 * closes as DEFUNCT (the newer alert) and the new one opens and is notified. Closer reports are the
 * same emergency. (docs/decisions.md "Alerts the device reports".)
 */
export const HELP_RENEWAL_MS = 30 * 60 * 1000;

/**
 * A new report of `type` at `timeMs` (epoch ms) against an open alert of that type: when the open one
 * was raised {@link HELP_RENEWAL_MS} or more before, its close as DEFUNCT, then `type` opened again
 * (`openIf`'s rules: severity, pause); otherwise `openIf` alone (nothing while it is open). Without
 * it an unresolved alert of a type that never expires (app §3 FallDown, NoResponse for 24 h) would
 * swallow every later report of it: no alert, nobody told.
 */
export function renewOrOpen(
  state: AlertState,
  context: RuleContext,
  type: AlertType,
  at: { timeMs: number; value?: number | null; position?: Position | null },
  extra?: Pick<Extract<Decision, { kind: 'OPEN' }>, 'bodyPosition'>,
): Decision[] {
  const stale = state.open.some(
    (alert) => alert.type === type && at.timeMs - alert.openedMs >= HELP_RENEWAL_MS,
  );
  const renewed = stale ? closeIf(state, type, 'DEFUNCT', at.timeMs) : [];
  const opened = openIf(applyDecisions(state, renewed), context, type, at, extra);
  return opened.length === 0 ? [] : [...renewed, ...opened];
}

/**
 * A battery reading (`percent`, 0–100, at `timeMs` epoch ms) against the thresholds of the `low` and
 * `critical` types (app §9: 15 % and 5 %): ≤ critical opens `critical` (an open `low` closes as
 * DEFUNCT, the newer alert); an open `critical` stays open until the reading clears it (clearingBands.ts:
 * 10 % by default), then closes as METRIC and a reading still ≤ low opens `low`; an open `low` closes as
 * METRIC once the reading clears it (20 %). Readings inside a band change nothing. The device's
 * battery and each vital sensor's battery follow it.
 */
export function batteryDecisions(
  state: AlertState,
  context: RuleContext,
  reading: { readonly timeMs: number; readonly percent: number },
  low: AlertType,
  critical: AlertType,
): Decision[] {
  const level: BatteryLevel = {
    ...reading,
    low,
    critical,
    lowAt: thresholdOf(context, low),
    criticalAt: thresholdOf(context, critical),
  };
  // A held type whose band the reading clears is rearmed first (a charged battery).
  const rearmed = [
    ...(clears(low, level.lowAt, 'below', reading.percent)
      ? rearmIf(state, low, reading.timeMs)
      : []),
    ...(clears(critical, level.criticalAt, 'below', reading.percent)
      ? rearmIf(state, critical, reading.timeMs)
      : []),
  ];
  return [...rearmed, ...batteryLevel(applyDecisions(state, rearmed), context, level)];
}

/** A battery reading with its two types and their thresholds (% or null when not configured). */
interface BatteryLevel {
  readonly timeMs: number;
  readonly percent: number;
  readonly low: AlertType;
  readonly critical: AlertType;
  readonly lowAt: number | null;
  readonly criticalAt: number | null;
}

/** {@link batteryDecisions} after the rearms: opens and closes by the reading's level. */
function batteryLevel(state: AlertState, context: RuleContext, level: BatteryLevel): Decision[] {
  const { percent, timeMs, low, critical, lowAt, criticalAt } = level;
  const at = { timeMs, value: percent };
  if (criticalAt !== null && percent <= criticalAt) {
    const opened = openIf(state, context, critical, at);
    return opened.length > 0 ? [...closeIf(state, low, 'DEFUNCT', timeMs), ...opened] : [];
  }
  if (isOpen(state, critical) && !clears(critical, criticalAt, 'below', percent)) return [];
  const decisions = closeIf(state, critical, 'METRIC', timeMs);
  const after = applyDecisions(state, decisions);
  if (isOpen(after, critical)) return decisions;
  if (lowAt !== null && percent <= lowAt) {
    return [...decisions, ...openIf(after, context, low, at)];
  }
  return clears(low, lowAt, 'below', percent)
    ? [...decisions, ...closeIf(state, low, 'METRIC', timeMs)]
    : decisions;
}
