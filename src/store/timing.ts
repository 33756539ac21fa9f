/**
 * Every timing rule of the spec, once, with its source (ARCHITECTURE.md §4). Epics import these; tests
 * run the epics in virtual time against them.
 */

/** Login waits up to 20 s for another login in progress (application-behaviour §9). */
export const LOGIN_WAIT_MS = 20_000;
/** Member load waits up to 10 s (application-behaviour §9). */
export const MEMBER_LOAD_TIMEOUT_MS = 10_000;
/** The router waits up to 10 s for client loading (application-behaviour §9). */
export const ROUTER_CLIENT_WAIT_MS = 10_000;
/** 1 s waits follow email confirmation (application-behaviour §9). */
export const EMAIL_CONFIRMATION_WAIT_MS = 1_000;
/** A 3 s wait follows an email check on a deleted account (application-behaviour §9). */
export const DELETED_ACCOUNT_WAIT_MS = 3_000;
/** A notification stays 3000 ms plus 70 ms per character (application-behaviour §8). */
export const NOTIFICATION_BASE_MS = 3_000;
export const NOTIFICATION_PER_CHARACTER_MS = 70;

/**
 * Automatic logout after this many minutes without user activity, per deployment environment
 * (`/config.json` `environment`): 1440 min in prod, 60 in qa and dev, 120 in local dev
 * (application-behaviour §9 Sessions and timing; §4 Session).
 */
export const INACTIVITY_LOGOUT_MINUTES: Readonly<
  // An inline type import keeps this file's additions append-only.
  Record<import('../api/runtimeConfig').RuntimeConfig['environment'], number>
> = { prod: 1440, qa: 60, dev: 60, local: 120 };
/** The inactivity countdown is checked every 5 s (application-behaviour §9 Sessions and timing). */
export const INACTIVITY_CHECK_INTERVAL_MS = 5_000;
/** The logout warning shows when under 60 s remain (application-behaviour §9; policy §8). */
export const INACTIVITY_WARNING_MS = 60_000;
/** The inactivity reset is debounced 2 s … (application-behaviour §9 Sessions and timing). */
export const INACTIVITY_RESET_DEBOUNCE_MS = 2_000;
/** … with a maximum wait of 4 s under continuous activity (application-behaviour §9). */
export const INACTIVITY_RESET_MAX_WAIT_MS = 4_000;

/**
 * The identity session is refreshed this long before its ID token expires, ms (a design decision: the
 * spec states only that a token-refresh failure ends the session, application-behaviour §4).
 */
export const TOKEN_REFRESH_LEAD_MS = 5 * 60_000;

/** Socket reconnection: 1000 attempts, delay 1 s growing to 5 s (application-behaviour §9). */
export const SOCKET_RECONNECT_ATTEMPTS = 1000;
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
