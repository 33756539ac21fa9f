import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../src/api/client/apiErrors';
import { rejectedField } from '../../../../src/features/devices/activationErrors';
import { isValidActivationPair } from '../../../../src/features/devices/pendingActivation';
import { trackerServerUrl } from '../../../../src/features/devices/phoneTracker';

describe('trackerServerUrl', () => {
  it.each([
    ['https://eu.lifeline.example', 'https://eu.lifeline.example/ingest/osmand'],
    ['https://eu.lifeline.example/', 'https://eu.lifeline.example/ingest/osmand'],
  ])('%s → %s', (domainUrl, url) => {
    expect(trackerServerUrl(domainUrl)).toBe(url);
  });
});

describe('isValidActivationPair (policy §5: IMEI 15 digits, code 6 digits)', () => {
  it.each([
    ['359999000000042', '745536', true],
    ['35999900000004', '745536', false],
    ['3599990000000420', '745536', false],
    ['359999000000042', '7455361', false],
    ['359999000000042', '', false],
    ['', '745536', false],
  ])('%j / %j → %s', (imei, code, valid) => {
    expect(isValidActivationPair(imei, code)).toBe(valid);
  });
});

describe('rejectedField (a 400 REQUEST_INVALID with Issues)', () => {
  const http400 = (Path: string, Message: string) =>
    new HttpError('activate-device', 400, 'REQUEST_INVALID', 'Invalid request', [
      { Path, Message },
    ]);
  it.each([
    [
      'body.Imei',
      'Validations.ImeiInvalid',
      { field: 'Imei', message: { key: 'Validations.ImeiInvalid' } },
    ],
    [
      'body.DeviceNickname',
      'Validations.MaxLength',
      { field: 'DeviceNickname', message: { key: 'Validations.MaxLength', params: { max: 20 } } },
    ],
    ['body.Other', 'Validations.Required', null],
    ['body.Imei', 'Expected string', null],
  ])('%s: %s → %j', (path, message, expected) => {
    expect(rejectedField(http400(path, message))).toEqual(expected);
  });

  it('is null for a 400 without issues', () => {
    expect(
      rejectedField(
        new HttpError('activate-device', 400, 'REQUEST_INVALID', 'Body is not valid JSON'),
      ),
    ).toBeNull();
  });
});
