import { describe, expect, it } from 'vitest';
import {
  contactNotifications,
  type AlertNotice,
} from '../../../../server/alerts/alertNotifications';
import type { EmergencyContact } from '../../../../src/api/entities/contact';
import type { AlertType } from '../../../../src/api/enums';

const contact = (overrides: Partial<EmergencyContact> = {}): EmergencyContact => ({
  EmergencyContactID: 1,
  Name: 'Erik',
  Email: 'erik@example.com',
  Phone: '+4791234567',
  Relationship: 'Friend',
  HasAvatar: false,
  // "May call my watch": the contact's permission towards the wearer, not Lifeline's to phone them.
  CanCall: false,
  CanSms: false,
  ShareActivity: false,
  ShareAssistanceAlert: false,
  ShareEmergencyAlert: true,
  AlertConfigs: {},
  ...overrides,
});

const notice = (type: AlertType): AlertNotice => ({
  alertId: 7,
  type,
  severity: 3,
  timeMs: Date.UTC(2026, 11, 7, 9),
  value: null,
  units: null,
  position: null,
  wearerName: 'Astrid',
  rescueOrgs: [],
});

const ALL = { Email: 1, Sms: 1, Voice: 1 };
const channels = (contacts: EmergencyContact[], type: AlertType) =>
  contactNotifications(contacts, notice(type), ALL).map((m) => m.channel);

describe('who is told about an alert, and how (the contacts editor’s rule: src/api/entities/contactAlerts.ts)', () => {
  it('tells a contact sharing emergency alerts about no motion by e-mail and SMS, as the editor shows', () => {
    expect(channels([contact()], 'NO_MOTION')).toEqual(['email', 'sms']);
  });

  it('phones a contact about a fall by default, whatever “may call my watch” says', () => {
    expect(channels([contact()], 'FALL')).toEqual(['email', 'sms', 'call']);
  });

  it('follows the contact’s own choice for a type', () => {
    const quiet = contact({
      AlertConfigs: { NO_MOTION: { Email: false, Call: true, Sms: false } },
    });
    expect(channels([quiet], 'NO_MOTION')).toEqual(['call']);
  });

  it('tells nobody about a type outside their share flags unless they configured it', () => {
    expect(channels([contact({ ShareEmergencyAlert: false })], 'NO_MOTION')).toEqual([]);
    expect(channels([contact()], 'BATTERY_LOW')).toEqual([]);
    const battery = contact({
      AlertConfigs: { BATTERY_LOW: { Email: true, Call: false, Sms: false } },
    });
    expect(channels([battery], 'BATTERY_LOW')).toEqual(['email']);
  });
});

describe('the other emergency contacts (policy §1 "shown to all other contacts")', () => {
  it('lists, in each contact’s e-mail, the others who share emergency alerts, not in the text message', () => {
    const erik = contact();
    const kari = contact({
      EmergencyContactID: 2,
      Name: 'Kari',
      Email: 'kari@example.com',
      Phone: '+4799887766',
      Relationship: 'Sister',
    });
    const ola = contact({
      EmergencyContactID: 3,
      Name: 'Ola',
      Email: 'ola@example.com',
      Phone: '+4740000000',
      ShareEmergencyAlert: false,
      ShareAssistanceAlert: true,
    });
    const messages = contactNotifications([erik, kari, ola], notice('FALL'), ALL);
    const emailTo = (to: string) => messages.find((m) => m.channel === 'email' && m.to === to);
    expect(emailTo('erik@example.com')?.body).toContain(
      "Astrid's other emergency contacts:\n- Kari, +4799887766 (Sister)\n",
    );
    expect(emailTo('erik@example.com')?.body).not.toContain('Ola');
    expect(emailTo('kari@example.com')?.body).toContain('- Erik, +4791234567 (Friend)');
    expect(emailTo('kari@example.com')?.body).not.toContain('- Kari');
    expect(
      messages.filter((m) => m.channel === 'sms').every((m) => !m.body.includes('other')),
    ).toBe(true);
  });

  it('lists none to a wearer’s only emergency contact', () => {
    const [email] = contactNotifications([contact()], notice('FALL'), ALL);
    expect(email?.body).not.toContain('other emergency contacts');
  });
});
