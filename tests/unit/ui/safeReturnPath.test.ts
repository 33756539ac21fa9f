import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../src/ui/routing/safeReturnPath';

describe('safeReturnPath (no open redirect)', () => {
  it.each([
    ['/member/password', '/member/password'],
    ['/member/activities?filter=7d#top', '/member/activities?filter=7d#top'],
    [null, '/'],
    ['', '/'],
    ['member', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/%5Cevil', '/%5Cevil'],
    ['javascript:alert(1)', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
