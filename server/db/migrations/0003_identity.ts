import { sql, type Kysely } from 'kysely';

/**
 * The local user pool of the identity service (server/identity, identity-protocol.md): the app client,
 * the JWT signing keys, users with their SRP salt and verifier (never a password), one-time codes
 * (hashed), refresh tokens (hashed), SRP sign-in sessions and the per-user attempt log behind
 * Cognito's per-hour limits. Times are epoch milliseconds (`*_ms`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_app_clients (
      user_pool_id text primary key,
      client_id text not null unique,
      created_ms bigint not null
    );

    create table identity_signing_keys (
      kid text primary key,
      private_key_pem text not null,
      public_jwk jsonb not null,
      created_ms bigint not null
    );

    create table identity_users (
      sub text primary key,
      email text not null,
      email_verified boolean not null default false,
      phone_number text,
      phone_number_verified boolean not null default false,
      given_name text,
      family_name text,
      birthdate text,
      gender text,
      custom_country text,
      custom_sub_region text,
      status text not null check (status in ('UNCONFIRMED', 'CONFIRMED')),
      srp_salt text not null,
      srp_verifier text not null,
      failed_sign_ins integer not null default 0,
      locked_until_ms bigint,
      last_sign_in_attempt_ms bigint,
      created_ms bigint not null,
      updated_ms bigint not null
    );
    create unique index identity_users_email on identity_users (lower(email));

    create table identity_codes (
      sub text not null references identity_users on delete cascade,
      purpose text not null
        check (purpose in ('sign_up', 'forgot_password', 'verify_email', 'verify_phone_number')),
      code_hash text not null,
      destination text not null,
      created_ms bigint not null,
      expires_ms bigint not null,
      primary key (sub, purpose)
    );

    create table identity_refresh_tokens (
      token_hash text primary key,
      sub text not null references identity_users on delete cascade,
      origin_jti text not null unique,
      auth_time_s bigint not null,
      created_ms bigint not null,
      expires_ms bigint not null,
      revoked_ms bigint
    );
    create index identity_refresh_tokens_live on identity_refresh_tokens (sub) where revoked_ms is null;

    create table identity_srp_sessions (
      secret_block_hash text primary key,
      session_hash text not null,
      sub text not null references identity_users on delete cascade,
      client_public text not null,
      server_private text not null,
      server_public text not null,
      expires_ms bigint not null
    );
    create index identity_srp_sessions_expiry on identity_srp_sessions (expires_ms);

    create table identity_attempts (
      sub text not null references identity_users on delete cascade,
      operation text not null,
      at_ms bigint not null
    );
    create index identity_attempts_recent on identity_attempts (sub, operation, at_ms);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists identity_attempts;
    drop table if exists identity_srp_sessions;
    drop table if exists identity_refresh_tokens;
    drop table if exists identity_codes;
    drop table if exists identity_users;
    drop table if exists identity_signing_keys;
    drop table if exists identity_app_clients;
  `.execute(db);
}
