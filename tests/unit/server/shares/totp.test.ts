import { describe, expect, it } from 'vitest';
import { Base32Error, base32Decode, base32Encode } from '../../../../server/shares/base32';
import {
  createTotpSecret,
  hotp,
  totp,
  verifyTotp,
  type TotpAlgorithm,
} from '../../../../server/shares/totp';

const ascii = (text: string) => new TextEncoder().encode(text);

/** RFC 6238 Appendix B: the seeds of each HMAC (the ASCII digits repeated to the hash's size). */
const SEEDS: Record<TotpAlgorithm, Uint8Array> = {
  sha1: ascii('12345678901234567890'),
  sha256: ascii('12345678901234567890123456789012'),
  sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
};

describe('hotp (RFC 4226 Appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('counter %i → %s', (counter, code) => {
    expect(hotp(SEEDS.sha1, counter)).toBe(code);
  });
});

describe('totp (RFC 6238 Appendix B, 8 digits, 30 s)', () => {
  it.each([
    [59, '94287082', 'sha1'],
    [59, '46119246', 'sha256'],
    [59, '90693936', 'sha512'],
    [1_111_111_109, '07081804', 'sha1'],
    [1_111_111_109, '68084774', 'sha256'],
    [1_111_111_109, '25091201', 'sha512'],
    [1_111_111_111, '14050471', 'sha1'],
    [1_111_111_111, '67062674', 'sha256'],
    [1_111_111_111, '99943326', 'sha512'],
    [1_234_567_890, '89005924', 'sha1'],
    [1_234_567_890, '91819424', 'sha256'],
    [1_234_567_890, '93441116', 'sha512'],
    [2_000_000_000, '69279037', 'sha1'],
    [2_000_000_000, '90698825', 'sha256'],
    [2_000_000_000, '38618901', 'sha512'],
    [20_000_000_000, '65353130', 'sha1'],
    [20_000_000_000, '77737706', 'sha256'],
    [20_000_000_000, '47863826', 'sha512'],
  ] as const)('T = %i s → %s (%s)', (seconds, code, algorithm) => {
    expect(totp(SEEDS[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(code);
  });
});

describe('verifyTotp (6 digits, ±1 step of 30 s)', () => {
  const secret = base32Encode(SEEDS.sha1);
  const now = 1_234_567_890_000;
  const codeAt = (ms: number) => totp(SEEDS.sha1, ms);

  it.each([
    ['the current step', codeAt(now), true],
    ['the step before', codeAt(now - 30_000), true],
    ['the step after', codeAt(now + 30_000), true],
    ['two steps before', codeAt(now - 60_000), false],
    ['two steps after', codeAt(now + 60_000), false],
    ['an empty code', '', false],
    ['five digits', codeAt(now).slice(1), false],
    ['seven digits', `${codeAt(now)}0`, false],
    ['letters', 'abcdef', false],
    ['spaces around', ` ${codeAt(now)} `, false],
  ])('%s → %s', (_name, code, valid) => {
    // Codes of neighbouring steps can coincide by chance; the fixtures here do not.
    expect(verifyTotp(secret, code, now)).toBe(valid);
  });

  it.each([
    ['not base32', '0189!'],
    ['empty', ''],
  ])('a secret that is %s verifies nothing', (_name, bad) => {
    expect(verifyTotp(bad, codeAt(now), now)).toBe(false);
  });

  it('creates 160-bit secrets in base32, each new', () => {
    const a = createTotpSecret();
    const b = createTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(a).not.toBe(b);
    expect(verifyTotp(a, totp(base32Decode(a), now), now)).toBe(true);
  });
});

describe('base32 (RFC 4648 §10)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ⇄ %s', (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded))).toBe(text);
  });

  it('decodes padded and lower-case text', () => {
    expect(new TextDecoder().decode(base32Decode('mzxw6ytboi======'))).toBe('foobar');
  });

  it.each(['MZXW1', 'MZ W6', 'MZXW6=Y'])('refuses %j', (text) => {
    expect(() => base32Decode(text)).toThrow(Base32Error);
  });
});
