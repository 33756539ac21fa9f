import type { EmergencyContact } from '../../../../src/api/entities/contact';

/** When the wearer confirmed Ola's agreement to emergency alerts (policy §1), epoch ms. */
export const OLA_CONSENT_AT = 1_790_000_000_000;

/** A saved contact for assistance requests and emergency alerts, consent given. */
export const ola: EmergencyContact = {
  EmergencyContactID: 11,
  Name: 'Ola',
  Email: 'ola@example.com',
  Phone: '+4791234567',
  Relationship: 'Brother',
  HasAvatar: false,
  CanCall: true,
  CanSms: true,
  ShareActivity: true,
  ShareAssistanceAlert: true,
  ShareEmergencyAlert: true,
  AlertConfigs: { FALL: { Email: true, Call: true, Sms: false } },
  IsPrimary: true,
  ConsentConfirmedTimestamp: OLA_CONSENT_AT,
};

/** A saved contact for assistance requests only, no email. */
export const kari: EmergencyContact = {
  EmergencyContactID: 12,
  Name: 'Kari',
  Email: '',
  Phone: '+4798765432',
  Relationship: 'Neighbour',
  HasAvatar: false,
  CanCall: false,
  CanSms: true,
  ShareActivity: false,
  ShareAssistanceAlert: true,
  ShareEmergencyAlert: false,
  AlertConfigs: {},
  IsPrimary: false,
  ConsentConfirmedTimestamp: null,
};
