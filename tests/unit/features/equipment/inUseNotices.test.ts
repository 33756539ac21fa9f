import { describe, expect, it } from 'vitest';
import { lostInUse } from '../../../../src/features/equipment/inUseNotices';
import { asNew, item, jackets } from './equipmentFixtures';

describe('lostInUse (app §8 equipment notices)', () => {
  const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING', 'FISHING'], ['SAILING', 'FISHING']);
  const boatB = item(2, 'Boat B', 'VESSEL', ['SAILING'], []);

  it('reports InUseOnlyOneVehicle when a saved vessel displaced another vessel', () => {
    const savedB = { ...boatB, ActivitiesInUse: ['SAILING' as const] };
    const after = [{ ...boatA, ActivitiesInUse: ['FISHING' as const] }, savedB];
    expect(lostInUse([boatA, boatB], after, [savedB])).toEqual([
      { notice: 'InUseOnlyOneVehicle', activityType: 'SAILING', item: after[0] },
    ]);
  });

  it('reports InUseOnlyOneVehicle for a vehicle displaced by a new vessel (no id yet)', () => {
    const car = item(3, 'Van', 'VEHICLE', ['DRIVE'], ['DRIVE']);
    const created = item(4, 'Ferry', 'VESSEL', ['DRIVE'], ['DRIVE']);
    const after = [{ ...car, ActivitiesInUse: [] }, created];
    expect(lostInUse([car], after, [asNew(created)])).toEqual([
      { notice: 'InUseOnlyOneVehicle', activityType: 'DRIVE', item: after[0] },
    ]);
  });

  it('reports InUseLimitExceeded when the earliest item made room for the saved one', () => {
    const first = item(100, 'Jacket 1', 'LIFE_JACKET', ['SAILING'], ['SAILING']);
    const others = jackets(9, 'SAILING', 101);
    const helmet = item(200, 'Helmet', 'HELMET', ['SAILING']);
    const before = [first, ...others, helmet];
    const saved = { ...helmet, ActivitiesInUse: ['SAILING' as const] };
    const after = [{ ...first, ActivitiesInUse: [] }, ...others, saved];
    expect(lostInUse(before, after, [saved])).toEqual([
      { notice: 'InUseLimitExceeded', activityType: 'SAILING', item: after[0] },
    ]);
  });

  it('reports InUseLimitExceeded for a vessel when the saved item is no vessel or vehicle', () => {
    const saved = item(5, 'Jacket', 'LIFE_JACKET', ['SAILING'], ['SAILING']);
    const after = [{ ...boatA, ActivitiesInUse: ['FISHING' as const] }, saved];
    expect(lostInUse([boatA, saved], after, [saved])[0]?.notice).toBe('InUseLimitExceeded');
  });

  it('reports nothing for flags the member removed, nor for the saved item itself', () => {
    const saved = { ...boatA, ActivitiesInUse: ['FISHING' as const] };
    expect(lostInUse([boatA, boatB], [saved, boatB], [saved])).toEqual([]);
  });

  it('reports nothing for an activity the member unlinked from the item', () => {
    const saved = {
      ...boatA,
      Activities: ['FISHING' as const],
      ActivitiesInUse: ['SAILING' as const, 'FISHING' as const],
    };
    const after = [{ ...saved, ActivitiesInUse: ['FISHING' as const] }];
    expect(lostInUse([boatA], after, [saved])).toEqual([]);
  });

  it('reports nothing when nothing lost its flag, and ignores items new after the save', () => {
    const extra = item(9, 'Spare', 'LIFE_JACKET', ['SAILING'], ['SAILING']);
    expect(lostInUse([boatA], [boatA, extra], [])).toEqual([]);
  });

  it('reports one notice per item and activity type, in the order of the list after the save', () => {
    const car = item(3, 'Van', 'VEHICLE', ['SAILING', 'FISHING'], []);
    const savedCar = { ...car, ActivitiesInUse: ['SAILING' as const, 'FISHING' as const] };
    const after = [{ ...boatA, ActivitiesInUse: [] }, savedCar];
    expect(lostInUse([boatA, car], after, [savedCar]).map((l) => l.activityType)).toEqual([
      'SAILING',
      'FISHING',
    ]);
  });
});
