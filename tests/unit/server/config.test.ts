import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('loadConfig', () => {
  it('uses the documented defaults in the embedded mode', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      mode: 'embedded',
      environment: 'local',
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      devEndpoints: true,
      demo: true,
      bodyLimitBytes: 1024 * 1024,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ BODY_LIMIT_BYTES: '10' }, 'BODY_LIMIT_BYTES'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SERVER_START_TIMESTAMP: 'yesterday' }, 'SERVER_START_TIMESTAMP'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}:`));
  });

  it('takes one server start time for every process of a deployment (docs/deploy.md)', () => {
    expect(loadConfig({}).serverStartTimestamp).toBeUndefined();
    expect(loadConfig({ SERVER_START_TIMESTAMP: '1795900000000' }).serverStartTimestamp).toBe(
      1_795_900_000_000,
    );
  });

  it('requires the database, mail, SMS and public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL: required[\s\S]*SMTP_URL: required[\s\S]*SMS_GATEWAY_URL: required[\s\S]*PUBLIC_URL: required/,
    );
  });

  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@db.internal:5432/lifeline',
    SMTP_URL: 'smtps://mail.example:465',
    SMS_GATEWAY_URL: 'https://sms.example/send',
    PUBLIC_URL: 'https://eu.lifeline.example/',
  };

  it('runs production without dev endpoints or demo', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      mode: 'production',
      environment: 'prod',
      devEndpoints: false,
      demo: false,
      publicUrl: 'https://eu.lifeline.example',
    });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['10.0.0.0/8,192.168.1.2', ['10.0.0.0/8', '192.168.1.2']],
  ])('TRUST_PROXY=%s trusts %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it.each([
    [{}, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '0.0.0.0', DEV_ENDPOINTS: '1' }, true],
    [{ DEV_ENDPOINTS: '0' }, false],
  ])('dev endpoints for %j: %s', (env, expected) => {
    expect(loadConfig(env).devEndpoints).toBe(expected);
  });

  it('takes the sign-ups per address from SIGNUPS_PER_IP, 10 by default, refusing nonsense', () => {
    expect(loadConfig({}).signUpsPerIp).toBe(10);
    expect(loadConfig({ SIGNUPS_PER_IP: '40' }).signUpsPerIp).toBe(40);
    expect(() => loadConfig({ SIGNUPS_PER_IP: '0' })).toThrow(/SIGNUPS_PER_IP/);
    expect(() => loadConfig({ SIGNUPS_PER_IP: 'many' })).toThrow(/SIGNUPS_PER_IP/);
  });

  it('refuses TRUST_PROXY=true (clients could forge their address)', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses the demo in production', () => {
    expect(() => loadConfig({ ...production, DEMO: '1' })).toThrow(/DEMO: the demo never runs/);
  });

  it('prepares statements unless DATABASE_PREPARED_STATEMENTS=0 (a pooler in transaction mode)', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(
      false,
    );
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  it('turns the demo off on request and off in tests', () => {
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(false);
  });
});
