import { describe, expect, it } from 'vitest';
import {
  EquipmentForm,
  emptyEquipmentForm,
  equipmentFormOf,
  equipmentInputOf,
} from '../../../../src/features/equipment/equipmentForm';
import { item } from './equipmentFixtures';

const valid = {
  ...emptyEquipmentForm(),
  EquipmentName: 'Sea Breeze',
  EquipmentType: 'VESSEL' as const,
};

describe('EquipmentForm (the contract EquipmentInput rules)', () => {
  it.each([
    ['EquipmentName', '', 'Validations.Required'],
    ['EquipmentName', '   ', 'Validations.Required'],
    ['EquipmentName', 'x'.repeat(31), 'Validations.MaxLength'],
    ['EquipmentType', '', 'Validations.Required'],
    ['Brand', 'x'.repeat(31), 'Validations.MaxLength'],
    ['Model', 'x'.repeat(31), 'Validations.MaxLength'],
    ['Colour', 'x'.repeat(31), 'Validations.MaxLength'],
    ['OtherDetails', 'x'.repeat(51), 'Validations.MaxLength'],
  ])('%s = %j fails with %s', (field, value, key) => {
    const result = EquipmentForm.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: key });
  });

  it.each([
    ['EquipmentName', 'x'.repeat(30)],
    ['Brand', 'x'.repeat(30)],
    ['OtherDetails', 'x'.repeat(50)],
    ['VesselType', 'KAYAK'],
  ])('%s at its bound passes', (field, value) => {
    expect(EquipmentForm.safeParse({ ...valid, [field]: value }).success).toBe(true);
  });
});

describe('equipmentInputOf', () => {
  it('trims texts, nulls empty ones, keeps the vessel type only for a VESSEL', () => {
    const values = EquipmentForm.parse({
      ...valid,
      EquipmentName: '  Sea Breeze ',
      EquipmentType: 'BOARD',
      VesselType: 'KAYAK',
      Brand: ' Naish ',
      Activities: ['SUP', 'SUP'],
      ActivitiesInUse: ['SUP', 'SURFING'],
    });
    expect(equipmentInputOf(values, 7)).toEqual({
      WearerEquipmentID: 7,
      EquipmentName: 'Sea Breeze',
      EquipmentType: 'BOARD',
      VesselType: null,
      Brand: 'Naish',
      Model: null,
      Colour: null,
      OtherDetails: null,
      Activities: ['SUP'],
      ActivitiesInUse: ['SUP'],
    });
  });

  it('has no id for a new item and round-trips a saved one', () => {
    const saved = item(3, 'Sea Breeze', 'VESSEL', ['SAILING'], ['SAILING'], {
      VesselType: 'DINGHY',
      Colour: 'Red',
    });
    const input = equipmentInputOf(EquipmentForm.parse(equipmentFormOf(saved)), undefined);
    expect(input).not.toHaveProperty('WearerEquipmentID');
    expect({ ...input, WearerEquipmentID: 3 }).toEqual(saved);
  });
});
