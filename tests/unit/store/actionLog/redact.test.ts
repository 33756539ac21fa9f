import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DEPTH,
  REDACTED,
  isSecretField,
  redactAction,
  type LoggedAction,
} from '../../../../src/store/actionLog/redact';

describe('isSecretField (action log rule 2, issue 6 item 4)', () => {
  it.each([
    'password',
    'newPassword',
    'Password',
    'passcode',
    'passphrase',
    'TotpSecret',
    'clientSecret',
    'idToken',
    'MemberIntegrationToken',
    'ShareToken',
    'refresh_token',
    'ShareTotp',
    'apiKey',
    'IngestKey',
    'privateKey',
    'VerificationCode',
    'activationCode',
    'code',
    'Code',
    'otp',
    'PIN',
  ])('%s holds a secret', (name) => {
    expect(isSecretField(name, {})).toBe(true);
  });

  it.each([
    'email',
    'LanguageCode',
    'CountryCode',
    'RescueOrgCode',
    'ErrorCode',
    'BrandCode',
    'message',
    'ActivityId',
    'codename',
    'spinner',
  ])('%s does not', (name) => {
    expect(isSecretField(name, {})).toBe(false);
  });

  it('keeps an error code: `code` beside a string message', () => {
    expect(isSecretField('code', { code: 'NotAuthorizedException', message: 'bad' })).toBe(false);
    expect(isSecretField('Code', { Code: 'E1', Message: 'bad' })).toBe(false);
    expect(isSecretField('code', { code: '123456', message: 42 })).toBe(true);
  });
});

describe('redactAction', () => {
  it('leaves an action without secrets as it is (same object, nothing listed)', () => {
    const action = { type: 'x/happened', payload: { a: [1, { b: 'c' }], LanguageCode: 'nb' } };
    const redaction = redactAction(action);
    expect(redaction.action).toBe(action);
    expect(redaction.paths).toEqual([]);
  });

  it('replaces secret fields wherever they are, listing their paths, sharing the rest', () => {
    const shared = { Time: 1, X: 2 };
    const action: LoggedAction = {
      type: 'x/happened',
      payload: {
        identity: { email: 'a@b.c', idToken: 'jwt-1' },
        list: [shared, { password: 'p1' }],
        error: { code: 'NotAuthorizedException', message: 'Incorrect' },
        ShareToken: null,
      },
      meta: { arg: { code: '123456' } },
    };
    const redaction = redactAction(action);
    expect(redaction.action).toEqual({
      type: 'x/happened',
      payload: {
        identity: { email: 'a@b.c', idToken: REDACTED },
        list: [shared, { password: REDACTED }],
        error: { code: 'NotAuthorizedException', message: 'Incorrect' },
        ShareToken: null,
      },
      meta: { arg: { code: REDACTED } },
    });
    expect(redaction.paths).toEqual([
      'payload.identity.idToken',
      'payload.list[1].password',
      'meta.arg.code',
    ]);
    const payload = redaction.action.payload as { list: unknown[] };
    expect(payload.list[0]).toBe(shared);
    // The dispatched action is not changed.
    expect((action.payload as { list: { password: string }[] }).list[1]?.password).toBe('p1');
  });

  it('reduces a sensitive action to its skeleton, keeping type, shape and meta.sensitive', () => {
    const action: LoggedAction = {
      type: 'session/signInRequested',
      payload: {
        email: 'a@b.c',
        password: 'p',
        remember: true,
        tries: 3,
        extra: null,
        list: ['x'],
      },
      meta: { sensitive: true, arg: 'secret-arg' },
    };
    const redaction = redactAction(action);
    expect(redaction.action).toEqual({
      type: 'session/signInRequested',
      payload: {
        email: REDACTED,
        password: REDACTED,
        remember: true,
        tries: REDACTED,
        extra: null,
        list: [REDACTED],
      },
      meta: { arg: REDACTED, sensitive: true },
    });
    expect(redaction.paths).toEqual(['payload', 'meta.arg']);
  });

  it('redacts a bare sensitive payload (a token string)', () => {
    const redaction = redactAction({
      type: 'session/memberTokenLoaded',
      payload: 'eyJ.token',
      meta: { sensitive: true },
    });
    expect(redaction.action).toEqual({
      type: 'session/memberTokenLoaded',
      payload: REDACTED,
      meta: { sensitive: true },
    });
  });

  it('replaces a secret field on the action itself, and a secret object whole', () => {
    const redaction = redactAction({
      type: 'x',
      token: 'abc',
      payload: { credentials: { secret: { a: 1 } } },
    } as LoggedAction);
    expect(redaction.action).toEqual({
      type: 'x',
      token: REDACTED,
      payload: { credentials: { secret: REDACTED } },
    });
    expect(redaction.paths).toEqual(['token', 'payload.credentials.secret']);
  });

  it('does not treat meta.sensitive other than true as sensitive', () => {
    const action = { type: 'x', payload: { email: 'a@b.c' }, meta: { sensitive: 'yes' } };
    expect(redactAction(action).action).toBe(action);
  });

  it('redacts what lies deeper than the depth bound, which also ends a cycle', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const redaction = redactAction({ type: 'x', payload: cyclic });
    let node = redaction.action.payload as Record<string, unknown>;
    let depth = 1;
    while (typeof node.self === 'object') {
      node = node.self as Record<string, unknown>;
      depth += 1;
    }
    expect(node.self).toBe(REDACTED);
    expect(depth).toBe(MAX_DEPTH - 1);
  });

  it('weighs an action by the values it holds', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ Time: i, X: 1, Y: 2 }));
    const small = redactAction({ type: 'x', payload: { n: 1 } }).weight;
    const large = redactAction({ type: 'x', payload: { points } }).weight;
    expect(small).toBeGreaterThanOrEqual(1);
    expect(large).toBeGreaterThanOrEqual(400);
  });
});

describe('redactAction: no planted secret survives (property)', () => {
  const NAMES = [
    'password',
    'idToken',
    'ShareToken',
    'code',
    'message',
    'Name',
    'LanguageCode',
    'items',
    'x',
  ];

  /**
   * `value` with a unique `S3CRET_<n>` under every field whose name holds a secret, and the set of
   * those that rule 2 keeps (a `code` beside a string `message`).
   */
  function plant(value: unknown, kept: Set<string>, counter = { n: 0 }): unknown {
    if (Array.isArray(value)) return value.map((item) => plant(item, kept, counter));
    if (value === null || typeof value !== 'object') return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = plant(item, kept, counter);
    for (const key of Object.keys(copy)) {
      if (!isSecretField(key, {})) continue;
      const secret = `S3CRET_${counter.n++}`;
      copy[key] = secret;
      if (!isSecretField(key, copy)) kept.add(secret);
    }
    return copy;
  }

  it('leaves no secret-named value in the JSON, and changes nothing else', () => {
    fc.assert(
      fc.property(
        fc.object({ key: fc.constantFrom(...NAMES), maxDepth: 4 }),
        fc.boolean(),
        (tree, sensitive) => {
          const kept = new Set<string>();
          const payload = plant(tree, kept);
          const action: LoggedAction = sensitive
            ? { type: 't', payload, meta: { sensitive: true } }
            : { type: 't', payload };
          const text = JSON.stringify(redactAction(action).action);
          for (const secret of text.match(/S3CRET_\d+/g) ?? []) {
            expect(!sensitive && kept.has(secret)).toBe(true);
          }
          if (!sensitive && !JSON.stringify(payload).includes('S3CRET_')) {
            expect(redactAction(action).action).toBe(action);
          }
        },
      ),
    );
  });
});
