import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/http/redact';

describe('redactUrl', () => {
  it.each([
    ['/share/activity/eyJhbGciOi.abc.def', '/share/activity/[redacted]'],
    ['/share/journey/tok123?totp=123456', '/share/journey/[redacted]?totp=%5Bredacted%5D'],
    ['/go/AbC123', '/go/[redacted]'],
    ['/ingest/osmand?id=secretkey&lat=1', '/ingest/osmand?id=%5Bredacted%5D&lat=1'],
    ['/ingest/osmand?lat=1&deviceid=secretkey', '/ingest/osmand?lat=1&deviceid=%5Bredacted%5D'],
    ['/ingest/osmand?id=a&id=b', '/ingest/osmand?id=%5Bredacted%5D'],
    ['/healthz', '/healthz'],
    ['/member/activities?x=1', '/member/activities?x=1'],
    ['/share/activity/eyJa.b.c/extra', '/share/activity/[redacted]/extra'],
    ['/x?ShareToken=eyJa.b.c&y=2', '/x?ShareToken=%5Bredacted%5D&y=2'],
    ['/x?sharetotp=123456', '/x?sharetotp=%5Bredacted%5D'],
    ['/x?TOKEN=abc', '/x?TOKEN=%5Bredacted%5D'],
    ['/x?MemberIntegrationToken=abc', '/x?MemberIntegrationToken=%5Bredacted%5D'],
    ['/x?anything=eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ4In0.sig', '/x?anything=%5Bredacted%5D'],
    ['/api/x/eyJhbGciOiJIUzI1NiJ9.e30.sig/y', '/api/x/[redacted]/y'],
    ['/api/x/eyes.open.wide', '/api/x/eyes.open.wide'],
    ['/activate/356938035643809/8F3K2Q', '/activate/[redacted]/[redacted]'],
    [
      '/member/activate-device-code/356938035643809/8F3K2Q?from=qr',
      '/member/activate-device-code/[redacted]/[redacted]?from=qr',
    ],
    ['/member/activate-device', '/member/activate-device'],
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
