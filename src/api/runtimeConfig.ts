import * as z from 'zod/mini';

/**
 * The identity pool the SPA signs in with (amazon-cognito-identity-js `CognitoUserPool` options).
 * `endpoint` is Lifeline's own identity service (`{origin}/identity`) in the embedded default and absent
 * (null) for real AWS Cognito, where the client derives it from the region.
 */
export const IdentityConfig = z.object({
  endpoint: z.nullable(z.string()),
  region: z.string(),
  userPoolId: z.string().check(z.regex(/^[\w-]+_[0-9a-zA-Z]+$/)),
  clientId: z.string(),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;

/** Targets of the external redirect routes (spec application-behaviour §2 Public). */
export const ExternalLinks = z.object({
  contactUs: z.url(),
  help: z.url(),
  findOutMore: z.url(),
  shop: z.url(),
});
export type ExternalLinks = z.infer<typeof ExternalLinks>;

/**
 * `GET /config.json`: the SPA's runtime configuration (ARCHITECTURE.md §2), read once at start so one
 * build runs against any deployment.
 * - `identity`: the user pool, or null until an identity service is configured;
 * - `authApiBase`: base URL of the authentication and member host (spec §7);
 * - `centralHost`: base URL of the central service (domains list, short URLs);
 * - `mapStyle`: a MapLibre style URL, or null for the built-in offline basemap;
 * - `buildTimestamp`: epoch ms of the served web build, null when none is built;
 * - `environment`: local | dev | qa | prod (selects timings such as the inactivity logout, spec §9);
 * - `links`: targets of /contactus, /help, /findoutmore and /shop.
 */
export const RuntimeConfig = z.object({
  identity: z.nullable(IdentityConfig),
  authApiBase: z.string(),
  centralHost: z.string(),
  mapStyle: z.nullable(z.string()),
  buildTimestamp: z.nullable(z.number().check(z.int())),
  environment: z.enum(['local', 'dev', 'qa', 'prod']),
  links: ExternalLinks,
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** `GET /healthz`: 200 when every part is up, 503 naming the failing part otherwise. */
export const HealthStatus = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['ok', 'unreachable']),
});
export type HealthStatus = z.infer<typeof HealthStatus>;

/** `build.json` written next to the built SPA; compared hourly with the loaded build (spec §7). */
export const BuildInfo = z.object({ BuildTimestamp: z.number().check(z.int()) });
export type BuildInfo = z.infer<typeof BuildInfo>;
