import { describe, expect, it } from 'vitest';
import {
  contactNotifications,
  rescueNotifications,
  type AlertNotice,
} from '../../../../server/alerts/alertNotifications';
import { ALERT_PROFILES, alertConfigMap } from '../../../../server/alerts/alertConfigurations';
import type { EmergencyContact } from '../../../../src/api/entities/contact';
import {
  alertChannelsFor,
  ASSISTANCE_ALERT_TYPES,
  EMERGENCY_ALERT_TYPES,
} from '../../../../src/api/entities/contactAlerts';
import type { AlertType } from '../../../../src/api/enums';
import { SUPPORTED_LANGUAGES } from '../../../../src/app/languages';

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

  it('holds back a channel whose configured count is 0', () => {
    const sent = contactNotifications([contact()], notice('FALL'), { Email: 1, Sms: 0, Voice: 1 });
    expect(sent.map((m) => m.channel)).toEqual(['email', 'call']);
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

describe('the default alert configurations send what the contacts editor shows (app §3)', () => {
  const shared = { ShareAssistanceAlert: true, ShareEmergencyAlert: true };
  const choices = [
    ['the defaults', contact(shared)],
    ['a phone only', contact({ ...shared, Email: '' })],
    ...(['Email', 'Call', 'Sms'] as const).map(
      (only) =>
        [
          `${only} alone`,
          contact({
            ...shared,
            AlertConfigs: Object.fromEntries(
              [...ASSISTANCE_ALERT_TYPES, ...EMERGENCY_ALERT_TYPES].map((type) => [
                type,
                { Email: only === 'Email', Call: only === 'Call', Sms: only === 'Sms' },
              ]),
            ),
          }),
        ] as const,
    ),
  ] as const;
  // Every type a profile raises (severity above None) that the editor offers.
  const cases = ALERT_PROFILES.flatMap((profile) =>
    [...ASSISTANCE_ALERT_TYPES, ...EMERGENCY_ALERT_TYPES]
      .filter((type) => (alertConfigMap(profile).get(type)?.Severity ?? 0) > 0)
      .flatMap((type) => choices.map(([name, who]) => [profile, type, name, who] as const)),
  );

  it.each(cases)('%s, %s, %s', (profile, type, _name, who) => {
    const counts = alertConfigMap(profile).get(type)?.EmergencyContactNotifications ?? ALL;
    const shown = alertChannelsFor(who, type);
    const expected = [
      ...(shown.Email && who.Email !== '' ? ['email'] : []),
      ...(shown.Sms ? ['sms'] : []),
      ...(shown.Call ? ['call'] : []),
    ];
    expect(contactNotifications([who], notice(type), counts).map((m) => m.channel)).toEqual(
      expected,
    );
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

describe("the messages in the member's language for messages and e-mails (spec §3 LanguageCode)", () => {
  const fall = {
    ...notice('FALL'),
    severity: 4 as const,
    position: { lat: 59.01758, lon: 6.05321 },
  };

  it('writes to a German member’s contacts in German: subject, greeting, what happened, where', () => {
    const [email, sms] = contactNotifications([contact()], { ...fall, language: 'de' }, ALL);
    expect(email?.subject).toBe('NOTFALL: Astrid ist möglicherweise gestürzt');
    expect(email?.body).toMatch(
      /^Hallo Erik, hier ist Lifeline\. Astrid ist möglicherweise gestürzt/,
    );
    expect(email?.body).toContain('Letzte bekannte Position: 59.01758, 6.05321');
    expect(email?.body).toContain('weil Astrid Sie als Notfallkontakt angegeben hat');
    expect(sms?.body).toMatch(/^Astrid ist möglicherweise gestürzt \(2026-12-07 09:00 UTC\)\./);
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    'writes to the contacts of a member who chose %s in that language',
    (language) => {
      const [email] = contactNotifications([contact()], { ...fall, language }, ALL);
      expect(email?.subject).not.toBe('EMERGENCY: Astrid may have fallen');
      expect(email?.subject).toContain('Astrid');
    },
  );

  it('writes English for a language the app does not offer, and without a language', () => {
    for (const language of ['xx', null]) {
      const [email] = contactNotifications([contact()], { ...fall, language }, ALL);
      expect(email?.subject).toBe('EMERGENCY: Astrid may have fallen');
    }
  });

  it('writes to the rescue organisations in English whatever the member’s language', () => {
    const [org] = rescueNotifications([contact()], {
      ...fall,
      language: 'no',
      rescueOrgs: [{ code: 'NO-HRS', name: 'Hovedredningssentralen' }],
    });
    expect(org?.subject).toBe('EMERGENCY: Astrid may have fallen');
  });
});
