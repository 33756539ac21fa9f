import { describe, expect, it } from 'vitest';
import english from '../../../../locales/en/Equipment.json';
import { ActivityDisplayType, EquipmentType, VesselType } from '../../../../src/api/enums';

describe('Equipment translations (app §3, policy §3)', () => {
  it.each([
    ['Types', EquipmentType.options, english.Types],
    ['VesselTypes', VesselType.options, english.VesselTypes],
    ['ActivityTypes', ActivityDisplayType.options, english.ActivityTypes],
  ] as const)('names every value of %s', (_section, values, names) => {
    const table: Record<string, string> = names;
    expect(values.filter((value) => !table[value])).toEqual([]);
    expect(Object.keys(table).sort()).toEqual([...values].sort());
  });

  it('has both equipment notices of app §8', () => {
    expect(Object.keys(english.Notices).sort()).toEqual([
      'InUseLimitExceeded',
      'InUseOnlyOneVehicle',
    ]);
  });
});
