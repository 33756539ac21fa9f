import { describe, expect, it } from 'vitest';
import type { Device } from '../../../../src/api/entities/device';
import type { Equipment } from '../../../../src/api/entities/equipment';
import { DEFAULT_COMMUNICATION_OPTIONS } from '../../../../src/api/entities/communication';
import type { Wearer } from '../../../../src/api/entities/member';
import { dashboardPrompts } from '../../../../src/features/dashboard/dashboardPrompts';

const wearer: Wearer = {
  WearerID: 1000,
  MemberId: 1,
  ClientId: 1,
  Email: 'dana@example.com',
  NameFirst: 'Dana',
  NameLast: 'Berg',
  PhoneNumber: '+4791234567',
  DateOfBirth: '1990/05/17',
  Sex: 'Female',
  LanguageCode: 'en',
  ActivityTypes: ['KAYAKING'],
  StravaDetails: null,
  TermsAcceptedTimestamp: 1,
  MarketingOptInTimestamp: null,
  CommunicationOptions: DEFAULT_COMMUNICATION_OPTIONS,
};
const device: Device = {
  DeviceID: 1,
  AtlasDeviceID: 'a',
  DeviceNickname: 'Watch',
  Imei: '356938035643809',
  DeviceType: 'MSAFETY',
};
const kayak: Equipment = {
  WearerEquipmentID: 1,
  EquipmentName: 'Kayak',
  EquipmentType: 'VESSEL',
  Activities: ['KAYAKING'],
  ActivitiesInUse: ['KAYAKING'],
};

describe('dashboard prompts (policy §2 "Dashboard, with prompts")', () => {
  it('prompts for nothing when everything is set up', () => {
    expect(dashboardPrompts({ devices: [device], equipment: [kayak], wearer })).toEqual([]);
  });

  it('lists what is missing, most important first, with where to fix it', () => {
    const prompts = dashboardPrompts({
      devices: [],
      equipment: [],
      wearer: { ...wearer, ActivityTypes: [], DateOfBirth: null },
    });
    expect(prompts.map((p) => [p.key, p.path])).toEqual([
      ['ActivateDevice', '/member/activate-device'],
      ['ChooseActivityTypes', '/member/activity-types'],
      ['AddEquipment', '/member/equipment'],
      ['PersonalDetails', '/member/personal-details'],
    ]);
  });

  it('does not prompt for what has not been loaded yet', () => {
    expect(dashboardPrompts({ devices: null, equipment: null, wearer: null })).toEqual([]);
  });
});
