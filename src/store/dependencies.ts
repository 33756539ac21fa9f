import type { Observable, SchedulerLike } from 'rxjs';
import type { IdentityClient } from '../api/identity';
import type { MemberCallsFactory } from './activities/memberCalls';
import type { SearchlightDependencies } from './searchlight/searchlightEpics';
import type { ShareCallsFactory } from './shares/shareCalls';
import type { IdentityConfig, RuntimeConfig } from '../api/runtimeConfig';
import type { SocketConnectOptions, SocketEvent } from '../streams/socket';
import type { KeyValueStorage } from '../streams/storage';

/** Moves the app to another route from an epic (the router is attached once it exists). */
export interface Navigator {
  navigate(path: string, options?: { replace?: boolean }): void;
  /** The current path (`location.pathname`), e.g. to keep a shared view open on logout. */
  currentPath(): string;
}

/**
 * Everything the epics reach outside the store, injected through
 * `createEpicMiddleware({ dependencies })` so tests substitute fakes and run epics in virtual time
 * (rxjs `TestScheduler.run` drives every timer operator; `now` must be the scheduler's clock there).
 */
export interface StoreDependencies extends SearchlightDependencies {
  /** Loads and validates `/config.json`. */
  readonly loadRuntimeConfig: () => Promise<RuntimeConfig>;
  /** This browser's key-value storage (preferences). */
  readonly storage: KeyValueStorage;
  /** Builds the identity client for the configured pool (called once per pool). */
  readonly createIdentityClient: (config: IdentityConfig) => IdentityClient;
  /** fetch for the API clients (msw in tests, the browser's otherwise). */
  readonly fetch: typeof fetch;
  /** Route changes requested by epics (logout → home, login → the remembered route). */
  readonly navigator: Navigator;
  /** The UI language (i18next), sent with the member-token login. */
  readonly currentLanguage: () => string;
  /** Translates a key (i18next `t`), e.g. to size a notification by its text. */
  readonly translate: (key: string, params?: Readonly<Record<string, string | number>>) => string;
  /** Clock, epoch ms. */
  readonly now: () => number;
  /** Emits on every user interaction (pointer, key, touch, scroll, focus): resets inactivity. */
  readonly userActivity$: Observable<unknown>;
  /** Opens the realtime socket to a domain server (src/streams/socket.ts `socket$`; a fake in tests). */
  readonly openSocket: (options: SocketConnectOptions) => Observable<SocketEvent>;
  /**
   * The animation-frame clock that paces store updates from telemetry bursts (at most one per frame,
   * src/store/realtime/socketEventActions.ts): `animationFrameScheduler` in the browser;
   * in tests `asyncScheduler`, or `animationFrameScheduler` driven by `TestScheduler.run`'s `animate`.
   */
  readonly frameScheduler: SchedulerLike;
  /**
   * The member's API calls as Observables (src/store/activities/memberCalls.ts); when absent, the
   * member-integration clients over `fetch`. Tests inject fakes answering in virtual time.
   */
  readonly memberCalls?: MemberCallsFactory;
  /**
   * The shared-viewing calls on a share token's C2Url (src/store/shares/shareCalls.ts); when absent,
   * `member-integration-public` clients over `fetch`. Tests inject fakes answering in virtual time.
   */
  readonly shareCalls?: ShareCallsFactory;
  /** Reloads the page (`location.reload()`; a recording fake in tests). */
  readonly reloadPage: () => void;
  /**
   * The `buildTimestamp` of the currently deployed build, read afresh from `/config.json` (spec §7
   * BuildTimestamp, checked hourly); one value, then completes. Errors when the file cannot be read.
   */
  readonly loadBuildTimestamp: () => Observable<number | null>;
  /** Whether the browser is online (src/streams/online.ts `online$`; a fake in tests). */
  readonly online$: Observable<boolean>;
}
