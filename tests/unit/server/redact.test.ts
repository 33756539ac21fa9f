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
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
