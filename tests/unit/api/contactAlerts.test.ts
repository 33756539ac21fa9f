import { describe, expect, it } from 'vitest';
import { AlertType } from '../../../src/api/enums';
import {
  ASSISTANCE_ALERT_TYPES,
  EMERGENCY_ALERT_TYPES,
  alertChannelsFor,
  alertTypesFor,
  contactAlertChannels,
  withAlertChannel,
} from '../../../src/api/entities/contactAlerts';
import { draftOf } from '../../../src/features/contacts/contactDrafts';
import { kari, ola } from '../features/contacts/contactsTestData';

describe('alert settings per contact (app §3 AlertConfigs)', () => {
  it('offers only alert types of the contract', () => {
    for (const type of [...ASSISTANCE_ALERT_TYPES, ...EMERGENCY_ALERT_TYPES]) {
      expect(AlertType.options).toContain(type);
    }
  });

  it.each([
    [true, true, [...ASSISTANCE_ALERT_TYPES, ...EMERGENCY_ALERT_TYPES]],
    [true, false, ASSISTANCE_ALERT_TYPES],
    [false, true, EMERGENCY_ALERT_TYPES],
    [false, false, []],
  ])('assistance %s, emergency %s → the types told about', (assistance, emergency, types) => {
    expect(
      alertTypesFor({
        ...draftOf(ola),
        ShareAssistanceAlert: assistance,
        ShareEmergencyAlert: emergency,
      }),
    ).toEqual(types);
  });

  it("uses the contact's own setting, else every channel it can be reached on", () => {
    expect(alertChannelsFor(draftOf(ola), 'FALL')).toEqual({ Email: true, Call: true, Sms: false });
    expect(alertChannelsFor(draftOf(ola), 'MANUAL')).toEqual({
      Email: true,
      Call: true,
      Sms: true,
    });
    expect(alertChannelsFor(draftOf(kari), 'ASSISTANCE')).toEqual({
      Email: false,
      Call: true,
      Sms: true,
    });
  });

  it('phones by default only about a help request or a fall', () => {
    expect(alertChannelsFor(draftOf(ola), 'NO_MOTION')).toEqual({
      Email: true,
      Call: false,
      Sms: true,
    });
  });

  it('tells nothing of a flag turned off; a type of no flag only when the contact configured it', () => {
    const none = { ...draftOf(ola), ShareAssistanceAlert: false, ShareEmergencyAlert: false };
    expect(contactAlertChannels(none, 'NO_MOTION')).toBeNull();
    // FALL's channels were set while the contact shared emergency alerts: turned off, it is not told.
    expect(contactAlertChannels(none, 'FALL')).toBeNull();
    const battery = {
      ...none,
      AlertConfigs: { BATTERY_LOW: { Email: true, Call: false, Sms: false } },
    };
    expect(contactAlertChannels(battery, 'BATTERY_LOW')).toEqual({
      Email: true,
      Call: false,
      Sms: false,
    });
  });

  it('stores a changed type whole and leaves the others', () => {
    expect(withAlertChannel(draftOf(ola), 'MANUAL', 'Call', false)).toEqual({
      FALL: { Email: true, Call: true, Sms: false },
      MANUAL: { Email: true, Call: false, Sms: true },
    });
  });
});
