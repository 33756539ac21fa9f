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
/**
 * The shortest wait before an identity refresh, ms (a design decision): a token whose times cannot be
 * read right (a device clock far off and no drift known) is refreshed at most this often, not in a loop.
 */
export const TOKEN_REFRESH_MIN_DELAY_MS = 10_000;
/**
 * The wait before trying again an identity refresh that did not reach an answer, ms (a design
 * decision, docs/decisions.md "Token refresh"): doubled after each further failure, at most
 * {@link TOKEN_REFRESH_RETRY_MAX_MS}; the browser coming back online tries at once.
 */
export const TOKEN_REFRESH_RETRY_MS = 15_000;
/** The longest wait between two tries of an unanswered identity refresh, ms. */
export const TOKEN_REFRESH_RETRY_MAX_MS = 5 * 60_000;

/** Socket reconnection: 1000 attempts, delay 1 s growing to 5 s (application-behaviour §9). */
export const SOCKET_RECONNECT_ATTEMPTS = 1000;
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
/**
 * After socket.io gave up (its {@link SOCKET_RECONNECT_ATTEMPTS} attempts, about 83 minutes), a new
 * socket is opened this long later, ms, and so on while its owner needs one: a monitor or a share page
 * left open through a long outage hears the wearers again once the server is back (our decision,
 * docs/decisions.md "Realtime").
 */
export const SOCKET_GAVE_UP_REOPEN_MS = 60_000;

/*
 * Activities, journeys and their reloads (application-behaviour §4 "Activities and journeys", §9
 * "Sessions and timing" and "Data windows"; ARCHITECTURE.md §4). Used by src/store/activities.
 */

/** A Wearer EntityChanges burst reloads the wearer 4 s after its last change … (§9). */
export const WEARER_RELOAD_DEBOUNCE_MS = 4_000;
/** … and at the latest 6 s after its first change under continuous changes (§9 "max 6 s"). */
export const WEARER_RELOAD_MAX_WAIT_MS = 6_000;
/** An activity change pushed while its detail is loading reloads it after this wait (§4: 5 s). */
export const ACTIVITY_CHANGE_LOADING_WAIT_MS = 5_000;
/** Activities that ended longer ago than this are not reloaded unless forced (§4: 1 hour). */
export const ACTIVITY_RELOAD_ENDED_WITHIN_MS = 60 * 60_000;
/** Activities that ended within this are still refreshed with the open ones (§9: the last 60 s). */
export const ACTIVITY_RECENTLY_ENDED_MS = 60_000;
/** Open activities are refreshed every minute while shown (§4 "Open activities are refreshed every minute"). */
export const OPEN_ACTIVITY_REFRESH_MS = 60_000;
/** A shown journey is refreshed each minute (§9 "Journey refresh each minute"). */
export const JOURNEY_REFRESH_MS = 60_000;
/** Playback time reaches the store at most every 10 s (§9 "Playback throttle is 10 s"; §4). */
export const PLAYBACK_THROTTLE_MS = 10_000;
/** Edit, trim and splits reload the activity about 6 s after the local update (§4; §9 "6 s"). */
export const ACTIVITY_RELOAD_AFTER_EDIT_MS = 6_000;
/** A delete reloads the activity summaries after 1 s (§4 "Delete reloads after 1 s"). */
export const ACTIVITY_RELOAD_AFTER_DELETE_MS = 1_000;
/** Activity refreshes are throttled to one per 30 s … (§9 "Refresh throttle 30 s"). */
export const ACTIVITY_REFRESH_THROTTLE_MS = 30_000;
/** … and each runs 3 s after its trigger (§9 "with a delay of 3 s"). */
export const ACTIVITY_REFRESH_DELAY_MS = 3_000;
/** Rescue organisations are cached 120 s (§9 "Rescue orgs are cached 120 s"). */
export const RESCUE_ORGS_CACHE_MS = 120_000;
/** Shortest activity summary window, days (§9 Data windows "Minimum … 30 days"). */
export const ACTIVITY_SUMMARY_MIN_WINDOW_DAYS = 30;
/** Activity summary window when none is asked for, days (§9 Data windows "default 365"). */
export const ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS = 365;
/** Activity detail loads in parallel at most (§4 "up to 4 in parallel"; §9 Data windows). */
export const ACTIVITY_DETAIL_PARALLEL_LOADS = 4;

/*
 * App-level behaviour (issue 6 item 4; application-behaviour §4 "Socket connection", §8 "Other
 * behaviour", §9). Used by src/store/app.
 */

/** The deployed build is checked hourly (§9 "The build check runs hourly"; §7 BuildTimestamp). */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60_000;
/**
 * A newer build reloads the page 3 s after the restart notice (§9 "reload follows 3 s after the
 * notice"; §4). A changed server start time reloads after the same 3 s: the spec gives that rule no
 * delay of its own (§4 "shows a notice and reloads the app"), and the notice needs time to be read.
 */
export const APP_RESTART_RELOAD_DELAY_MS = 3_000;
/** A chunk load error reloads the page 6 s after its notice (§8 "reloads after 6 s"). */
export const CHUNK_LOAD_RELOAD_DELAY_MS = 6_000;
/**
 * A chunk of the app that has not loaded after 120 s counts as a chunk load error (§9 "Chunk loader
 * time-out 120000 ms"; policy "Loader errors: script chunk failed to load (including time-out)").
 * Applied by src/ui/lazyChunk.ts, configured in src/app/main.tsx.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/*
 * The searchlight (issue 8 item 5; application-behaviour §4 "Searchlight", §9 "Location and
 * searchlight"). Used by src/store/searchlight. The position options (maximum age 5 min, timeout
 * 30 s) are src/streams/geolocation.ts `SEARCHLIGHT_POSITION_OPTIONS`.
 */

/** Own positions reach the store at most every 8 s (§9 "Location updates are throttled to 8 s"). */
export const SEARCHLIGHT_POSITION_THROTTLE_MS = 8_000;
/** Compass headings reach the store at most every 1 s (§9 "Heading is throttled to 1 s"). */
export const SEARCHLIGHT_HEADING_THROTTLE_MS = 1_000;
/** A heading older than 10 s is stale (§9 "A heading is stale after 10 s"). */
export const SEARCHLIGHT_HEADING_STALE_MS = 10_000;
/**
 * A compass heading within 10° of the last one taken is still taken once that one is this old, so a
 * device held still keeps a fresh heading (design choice: the 10° rule of §9 alone would let it go
 * stale after 10 s). One throttle period before staleness: a steady compass refreshes in time.
 */
export const SEARCHLIGHT_HEADING_REFRESH_MS =
  SEARCHLIGHT_HEADING_STALE_MS - SEARCHLIGHT_HEADING_THROTTLE_MS;
/**
 * How long the searchlight waits for the compass's first heading before it warns of no compass
 * (`Errors.SearchlightNoCompass`) and takes headings from movement, ms. A design choice (the spec
 * gives none): a device with a magnetometer fires orientation events many times a second once
 * listened to; 3 s also covers a slow sensor start. The compass is still listened to after it: its
 * first heading, however late (an iOS permission allowed after the prompt, a calibrated compass),
 * takes over from movement.
 */
export const SEARCHLIGHT_COMPASS_FIRST_HEADING_MS = 3_000;
/**
 * After the position watch itself failed (a browser without geolocation) it restarts this much later
 * (design choice: the spec gives none; the position timeout, 30 s, so such a browser is not asked in
 * a tight loop). A timeout or an unavailable position does not end the watch: the browser goes on
 * watching and its next fix shows (src/streams/geolocation.ts).
 */
export const SEARCHLIGHT_LOCATION_RETRY_DELAY_MS = 30_000;

/*
 * Network-error retry countdown (issue 6 item 4; policy §8 "Network error with automatic retry
 * countdown and a retry-now action"). Used by src/store/network. The spec gives no interval: the
 * schedule is a design decision — the first retry 10 s after the error, each failed retry waiting
 * 10 s longer than the one before (10, 20, 30 … s), never longer than 60 s.
 */

/** The first automatic retry, and the growth of each later wait, ms (design decision, see above). */
export const NETWORK_RETRY_DELAY_MS = 10_000;
/** The longest wait between automatic retries, ms (design decision, see above). */
export const NETWORK_RETRY_DELAY_MAX_MS = 60_000;

/**
 * The operator monitor verifies a watched share on its socket again this often while its last verify
 * call got no answer (a design decision: the first network retry's wait; a card would otherwise hear
 * nothing live until the socket's next reconnect). src/store/monitor/monitorSocketEpic.ts.
 */
export const MONITOR_VERIFY_RETRY_MS = 10_000;

/*
 * Shared views (issue 8 item 2; app §7 "Shared viewing"). Used by src/store/shares. Design decisions:
 * the spec gives no timing for a share viewer's reloads.
 */

/**
 * EntityChanges for a followed share reload it (activity-sharing) at most once per this period, the
 * last change of a burst included (auditTime), ms: an alert, its note and its close often come in one
 * second, and the viewer sees them together.
 */
export const SHARED_VIEW_RELOAD_AUDIT_MS = 1_000;

/*
 * Share viewer actions (issue 8 items 3–4; app §4 "Reminders and messages refresh on change events",
 * §7 message-load-thread). Used by src/store/shares/shareActionsEpics.ts. Design decision: the spec
 * gives no timing for a viewer's thread reloads.
 */

/**
 * Message changes of a shown activity (MessageThread, MessageWearer: sent, delivered, seen, replied)
 * reload its thread, in a share view and on the member's detail page, at most once per this period,
 * the last change of a burst included (auditTime), ms: a send publishes MessageThread and
 * MessageWearer together, and a reply often follows a seen at once.
 */
export const MESSAGE_THREAD_RELOAD_AUDIT_MS = 1_000;

/**
 * A journey viewer's activities load at most this many at once (design decision: the same limit as the
 * member's detail loads, spec §9 "at most 4 in parallel").
 */
export const SHARED_JOURNEY_ACTIVITY_LOADS = 4;

/**
 * A `verify-socket-user` call that got no answer (no network, a 503, a 429) is made again for the
 * same socket after this long, ms, doubling each time up to {@link SOCKET_VERIFY_RETRY_MAX_MS}
 * (a design decision: the spec gives none). An answer of no is final.
 */
export const SOCKET_VERIFY_RETRY_MS = 1_000;
export const SOCKET_VERIFY_RETRY_MAX_MS = 30_000;
