import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../../src/api/entities/equipment';
import type { EquipmentInput } from '../../../src/api/entities/equipmentInput';
import type { ActivityType, EquipmentType } from '../../../src/api/enums';
import { applyEquipmentInUse, type InUseNoticeCode } from '../../../src/api/rules/equipmentInUse';

type Item = EquipmentInput & Pick<Equipment, 'EquipmentType'>;

const item = (
  id: number | undefined,
  type: EquipmentType,
  inUse: ActivityType[],
  activities: ActivityType[] = inUse,
): Item => ({
  ...(id === undefined ? {} : { WearerEquipmentID: id }),
  EquipmentName: `Item ${id ?? 'new'}`,
  EquipmentType: type,
  Activities: activities,
  ActivitiesInUse: inUse,
});

/** `count` HELMETs with ids `from`, `from + 1` … all in use for KAYAKING. */
const helmets = (count: number, from = 1): Item[] =>
  Array.from({ length: count }, (_, i) => item(from + i, 'HELMET', ['KAYAKING']));

const inUseOf = (list: readonly Item[]): Record<string, ActivityType[]> =>
  Object.fromEntries(list.map((i) => [String(i.WearerEquipmentID ?? 'new'), i.ActivitiesInUse]));

type Notice = [InUseNoticeCode, ActivityType, number];

describe('applyEquipmentInUse (app §5, policy §4 "Equipment in use")', () => {
  it.each<[string, Item[], Item, Record<string, ActivityType[]>, Notice[]]>([
    [
      'a new item with nothing in use changes nothing else',
      [item(1, 'VESSEL', ['KAYAKING'])],
      item(undefined, 'VESSEL', [], ['KAYAKING']),
      { '1': ['KAYAKING'], new: [] },
      [],
    ],
    [
      'a second VESSEL in use for KAYAKING takes over from the first',
      [item(1, 'VESSEL', ['KAYAKING', 'CANOEING'])],
      item(undefined, 'VESSEL', ['KAYAKING']),
      { '1': ['CANOEING'], new: ['KAYAKING'] },
      [['InUseOnlyOneVehicle', 'KAYAKING', 1]],
    ],
    [
      'a VEHICLE and a VESSEL count as one class',
      [item(1, 'VEHICLE', ['DRIVE'])],
      item(2, 'VESSEL', ['DRIVE']),
      { '1': [], '2': ['DRIVE'] },
      [['InUseOnlyOneVehicle', 'DRIVE', 1]],
    ],
    [
      'an updated VESSEL displaces the other one and keeps its place in the list',
      [item(1, 'VESSEL', ['SAILING']), item(2, 'VESSEL', [], ['SAILING'])],
      item(2, 'VESSEL', ['SAILING']),
      { '1': [], '2': ['SAILING'] },
      [['InUseOnlyOneVehicle', 'SAILING', 1]],
    ],
    [
      'vessels in use for other activity types stay in use',
      [item(1, 'VESSEL', ['ROWING'])],
      item(undefined, 'VESSEL', ['KAYAKING']),
      { '1': ['ROWING'], new: ['KAYAKING'] },
      [],
    ],
    [
      'a non-vehicle item never displaces a vessel',
      [item(1, 'VESSEL', ['KAYAKING'])],
      item(undefined, 'LIFE_JACKET', ['KAYAKING']),
      { '1': ['KAYAKING'], new: ['KAYAKING'] },
      [],
    ],
    [
      'a vessel does not displace other types of equipment',
      [item(1, 'LIFE_JACKET', ['KAYAKING'])],
      item(undefined, 'VESSEL', ['KAYAKING']),
      { '1': ['KAYAKING'], new: ['KAYAKING'] },
      [],
    ],
    [
      'in use for activities it is not linked to is dropped',
      [],
      item(undefined, 'BOARD', ['SURFING', 'SUP'], ['SURFING']),
      { new: ['SURFING'] },
      [],
    ],
    [
      'duplicates are dropped',
      [],
      item(undefined, 'BOARD', ['SURFING', 'SURFING'], ['SURFING', 'SURFING', 'SUP']),
      { new: ['SURFING'] },
      [],
    ],
  ])('%s', (_name, list, saved, expected, notices) => {
    const result = applyEquipmentInUse(list, saved);
    expect(inUseOf(result.equipment)).toEqual(expected);
    expect(result.notices.map((n) => [n.Notice, n.ActivityType, n.Item.WearerEquipmentID])).toEqual(
      notices,
    );
  });

  it.each<[string, Item[], Item, number[], Notice[]]>([
    [
      '9 others + 1 saved = 10: within the limit',
      helmets(9),
      item(undefined, 'SAFETY', ['KAYAKING']),
      [],
      [],
    ],
    [
      '10 others + 1 saved: the earliest (lowest id) other is set not in use',
      helmets(10, 5),
      item(undefined, 'SAFETY', ['KAYAKING']),
      [5],
      [['InUseLimitExceeded', 'KAYAKING', 5]],
    ],
    [
      'earliest means lowest id, not first in the list',
      [...helmets(9, 2), item(1, 'HELMET', ['KAYAKING'])],
      item(undefined, 'SAFETY', ['KAYAKING']),
      [1],
      [['InUseLimitExceeded', 'KAYAKING', 1]],
    ],
    [
      'an updated item already in use does not count twice',
      helmets(10),
      item(10, 'HELMET', ['KAYAKING']),
      [],
      [],
    ],
    [
      'the saved item wins even when it is the earliest',
      helmets(10, 2),
      item(1, 'HELMET', ['KAYAKING']),
      [2],
      [['InUseLimitExceeded', 'KAYAKING', 2]],
    ],
    [
      'a list over the limit is brought back to it',
      helmets(12),
      item(undefined, 'SAFETY', ['KAYAKING']),
      [1, 2, 3],
      [
        ['InUseLimitExceeded', 'KAYAKING', 1],
        ['InUseLimitExceeded', 'KAYAKING', 2],
        ['InUseLimitExceeded', 'KAYAKING', 3],
      ],
    ],
  ])('limit of 10: %s', (_name, list, saved, displaced, notices) => {
    const result = applyEquipmentInUse(list, saved);
    const inUse = result.equipment.filter((i) => i.ActivitiesInUse.includes('KAYAKING'));
    expect(inUse.length).toBeLessThanOrEqual(10);
    expect(inUse).toContainEqual(result.saved);
    expect(result.changed.map((i) => i.WearerEquipmentID)).toEqual(displaced);
    expect(result.notices.map((n) => [n.Notice, n.ActivityType, n.Item.WearerEquipmentID])).toEqual(
      notices,
    );
  });

  it('applies the vehicle rule before the limit, so the displaced vessel frees a place', () => {
    const list = [item(1, 'VESSEL', ['KAYAKING']), ...helmets(9, 2)];
    const result = applyEquipmentInUse(list, item(undefined, 'VESSEL', ['KAYAKING']));
    expect(result.notices.map((n) => [n.Notice, n.Item.WearerEquipmentID])).toEqual([
      ['InUseOnlyOneVehicle', 1],
    ]);
  });

  it('reports an item changed for several activity types once in `changed`, as it ended up', () => {
    const list = [item(1, 'VESSEL', ['KAYAKING', 'CANOEING', 'ROWING'])];
    const result = applyEquipmentInUse(list, item(undefined, 'VESSEL', ['KAYAKING', 'CANOEING']));
    expect(result.changed).toEqual([{ ...list[0], ActivitiesInUse: ['ROWING'] }]);
    expect(result.notices.map((n) => [n.ActivityType, n.Item.ActivitiesInUse])).toEqual([
      ['KAYAKING', ['ROWING']],
      ['CANOEING', ['ROWING']],
    ]);
  });

  it('honours a configured limit', () => {
    const result = applyEquipmentInUse(helmets(3), item(undefined, 'SAFETY', ['KAYAKING']), {
      limit: 2,
    });
    expect(result.changed.map((i) => i.WearerEquipmentID)).toEqual([1, 2]);
  });

  it('does not modify its inputs', () => {
    const list = [item(1, 'VESSEL', ['KAYAKING'])];
    const saved = item(undefined, 'VESSEL', ['KAYAKING', 'SUP'], ['KAYAKING']);
    const copies = structuredClone({ list, saved });
    applyEquipmentInUse(list, saved);
    expect({ list, saved }).toEqual(copies);
  });
});
