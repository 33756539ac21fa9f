import path from 'node:path';
import { z } from 'zod';

/**
 * How the server runs (ARCHITECTURE.md §2):
 * - `embedded`: the default of `npm start` — embedded PostgreSQL (unless DATABASE_URL), the development
 *   outbox and `/api/dev/*` endpoints, the live demo.
 * - `production`: NODE_ENV=production — requires DATABASE_URL and real mail/SMS settings; no dev
 *   endpoints, no demo, secure cookies and HSTS.
 */
export type ServerMode = 'embedded' | 'production';

/**
 * The label the SPA gets as `environment` in /config.json; it selects per-environment timings such as
 * the inactivity logout (spec application-behaviour §9: 1440 min prod, 60 qa and dev, 120 local dev).
 */
export const DeploymentEnvironment = z.enum(['local', 'dev', 'qa', 'prod']);
export type DeploymentEnvironment = z.infer<typeof DeploymentEnvironment>;

const optionalUrl = z.url().optional();
const port = z.coerce.number().int().min(0).max(65_535);
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** True for an address only this machine can reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The environment variables the server reads, with their defaults (README "Environment"). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_PREPARED_STATEMENTS: flag.optional(),
  PUBLIC_URL: optionalUrl,
  LIFELINE_ENVIRONMENT: DeploymentEnvironment.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  TRACK_WARM_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  SIGNUPS_PER_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  SERVER_START_TIMESTAMP: z.coerce.number().int().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  MAP_STYLE_URL: optionalUrl,
  CENTRAL_HOST: optionalUrl,
  DEMO: flag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMS_GATEWAY_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Lifeline <no-reply@lifeline.example>'),
  DEV_ENDPOINTS: flag.optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
      'false, a hop count, or addresses/CIDRs',
    )
    .optional(),
  CONTACT_US_URL: z.url().default('https://lifeline.example/contact'),
  HELP_URL: z.url().default('https://lifeline.example/help'),
  FIND_OUT_MORE_URL: z.url().default('https://lifeline.example/'),
  SHOP_URL: z.url().default('https://lifeline.example/shop'),
  COGNITO_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like <region>_<id>, e.g. eu-west-1_AbC123')
    .max(55)
    .optional(),
  COGNITO_CLIENT_ID: z
    .string()
    .regex(/^[\w+]+$/)
    .max(128)
    .optional(),
  COGNITO_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-[0-9]+$/, 'must be an AWS region, e.g. eu-west-1')
    .optional(),
});

/** The validated server configuration, built once at start by {@link loadConfig}. */
export interface ServerConfig {
  readonly mode: ServerMode;
  readonly environment: DeploymentEnvironment;
  readonly host: string;
  /** TCP port; 0 picks a free one (tests). */
  readonly port: number;
  /** Absolute path of the data directory (embedded PostgreSQL, lock file). */
  readonly dataDir: string;
  /** External PostgreSQL; when absent the embedded one is started in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /**
   * Whether statements run again and again become named prepared statements
   * (server/db/preparedStatements.ts; `DATABASE_PREPARED_STATEMENTS`, default true). `0` for a
   * connection pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  readonly databasePreparedStatements: boolean;
  /** The public origin of this server, e.g. `https://eu.lifeline.example`; defaults to http://HOST:PORT. */
  readonly publicUrl: string | undefined;
  readonly logLevel: string;
  /** Largest accepted request body, bytes. */
  readonly bodyLimitBytes: number;
  /**
   * How often the background sweeps run (activities gone silent, alerts of elapsed time), ms
   * (`SWEEP_INTERVAL_MS`, default 60 000); null under NODE_ENV=test, where tests run sweeps themselves.
   */
  readonly sweepIntervalMs: number | null;
  /**
   * How often recently closed activities' tracks are built ahead of their first read
   * (server/activities/trackWarmer.ts), ms (`TRACK_WARM_INTERVAL_MS`, default 5 000); null under
   * NODE_ENV=test.
   */
  readonly trackWarmIntervalMs: number | null;
  readonly mapStyleUrl: string | undefined;
  readonly centralHost: string | undefined;
  /** Whether the live demo replays real GPS tracks (embedded mode only). */
  readonly demo: boolean;
  /** The live demo's replay rate (DEMO_SPEED, default 1: the paddle at its real pace). */
  readonly demoSpeed: number;
  /**
   * SocketInit's ServerStartTimestamp, epoch ms (`SERVER_START_TIMESTAMP`; default this process's
   * start). Pages reload when it changes (spec §4), so every process of one deployment behind a load
   * balancer must announce the same one (docs/deploy.md), or a socket that reconnects to another
   * process reloads its page.
   */
  readonly serverStartTimestamp: number | undefined;
  /** Whether `/api/dev/*` endpoints exist (never in production). */
  readonly devEndpoints: boolean;
  readonly smtpUrl: string | undefined;
  readonly smsGatewayUrl: string | undefined;
  /** Sender of the e-mail the system sends. */
  readonly mailFrom: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits): false (none, the
   * default), a hop count, or a list of proxy addresses/CIDRs. Never "all": a client could then pick its
   * own address and escape every per-IP limit.
   */
  readonly trustProxy: false | number | string[];
  /**
   * Sign-ups allowed per client address per 10 minutes (`SIGNUPS_PER_IP`, default 10: each sends an
   * e-mail to an address the caller chooses; server/identity/ipRateLimit.ts).
   */
  readonly signUpsPerIp: number;
  /** Targets of the external redirects /contactus, /help, /findoutmore, /shop (spec §2). */
  readonly links: { contactUs: string; help: string; findOutMore: string; shop: string };
  /** Directory of the built SPA (`dist/web`). */
  readonly webDir: string;
  /**
   * A real AWS Cognito user pool (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID, COGNITO_REGION) the SPA signs
   * in with instead of the local identity service; undefined runs the local one (ARCHITECTURE.md §2).
   * The region defaults to the pool id's part before `_`.
   */
  readonly cognito: CognitoPoolConfig | undefined;
}

/** A real Cognito user pool and its app client (no secret). */
export interface CognitoPoolConfig {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly region: string;
}

/** A configuration error naming the variable; `npm start` prints it without a stack trace. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the server's environment. Throws {@link ConfigError} naming every bad variable,
 * e.g. `PORT: Invalid input: expected number, received NaN`, and, in production, every missing one.
 */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.COGNITO_USER_POOL_ID === undefined) !== (e.COGNITO_CLIENT_ID === undefined)) {
    const missing = e.COGNITO_USER_POOL_ID ? 'COGNITO_CLIENT_ID' : 'COGNITO_USER_POOL_ID';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required with COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID`,
    );
  }
  const mode: ServerMode = e.NODE_ENV === 'production' ? 'production' : 'embedded';
  if (mode === 'production') {
    const missing = (['DATABASE_URL', 'SMTP_URL', 'SMS_GATEWAY_URL', 'PUBLIC_URL'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((n) => `  ${n}: required when NODE_ENV=production`).join('\n')}`,
      );
    }
    if (e.DEMO === true) {
      throw new ConfigError(
        'Invalid configuration:\n  DEMO: the demo never runs when NODE_ENV=production',
      );
    }
  }
  return {
    mode,
    environment: e.LIFELINE_ENVIRONMENT ?? (mode === 'production' ? 'prod' : 'local'),
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? null : 60_000),
    trackWarmIntervalMs: e.TRACK_WARM_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? null : 5_000),
    mapStyleUrl: e.MAP_STYLE_URL,
    centralHost: e.CENTRAL_HOST?.replace(/\/+$/, ''),
    demo: mode === 'embedded' && (e.DEMO ?? e.NODE_ENV === 'development'),
    demoSpeed: e.DEMO_SPEED,
    serverStartTimestamp: e.SERVER_START_TIMESTAMP,
    // The outbox shows every code the system sent: only on a loopback address unless asked for.
    devEndpoints: mode === 'embedded' && (e.DEV_ENDPOINTS ?? isLoopback(e.HOST)),
    smtpUrl: e.SMTP_URL,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    mailFrom: e.MAIL_FROM,
    signUpsPerIp: e.SIGNUPS_PER_IP,
    trustProxy:
      !e.TRUST_PROXY || e.TRUST_PROXY === 'false'
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(','),
    links: {
      contactUs: e.CONTACT_US_URL,
      help: e.HELP_URL,
      findOutMore: e.FIND_OUT_MORE_URL,
      shop: e.SHOP_URL,
    },
    webDir: path.resolve(cwd, 'dist/web'),
    cognito:
      e.COGNITO_USER_POOL_ID && e.COGNITO_CLIENT_ID
        ? {
            userPoolId: e.COGNITO_USER_POOL_ID,
            clientId: e.COGNITO_CLIENT_ID,
            region: e.COGNITO_REGION ?? e.COGNITO_USER_POOL_ID.split('_')[0] ?? '',
          }
        : undefined,
  };
}
