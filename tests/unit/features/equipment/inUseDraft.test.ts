import { describe, expect, it } from 'vitest';
import {
  changedInUse,
  inUseSaveRequest,
  setInUse,
} from '../../../../src/features/equipment/inUseDraft';
import { item, jackets } from './equipmentFixtures';

const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING'], ['SAILING']);
const boatB = item(2, 'Boat B', 'VESSEL', ['SAILING'], []);
const jacket = item(3, 'Jacket', 'LIFE_JACKET', ['SAILING', 'KAYAKING'], ['KAYAKING']);

describe('setInUse (policy §4 applied while the member edits)', () => {
  it('sets the other vessel not in use when a second vessel is set in use', () => {
    const change = setInUse([boatA, boatB, jacket], 2, 'SAILING', true);
    expect(change.draft.map((i) => i.ActivitiesInUse)).toEqual([[], ['SAILING'], ['KAYAKING']]);
    expect(change.autoNotInUse).toEqual([
      { id: 1, activityType: 'SAILING', notice: 'InUseOnlyOneVehicle' },
    ]);
  });

  it('sets the earliest item not in use when the 11th item is set in use', () => {
    const draft = [...jackets(10, 'SAILING'), item(50, 'Extra', 'HELMET', ['SAILING'])];
    const change = setInUse(draft, 50, 'SAILING', true);
    expect(change.autoNotInUse).toEqual([
      { id: 100, activityType: 'SAILING', notice: 'InUseLimitExceeded' },
    ]);
    expect(change.draft.filter((i) => i.ActivitiesInUse.includes('SAILING'))).toHaveLength(10);
  });

  it('clears one flag when set not in use, touching nothing else', () => {
    const change = setInUse([boatA, jacket], 3, 'KAYAKING', false);
    expect(change.draft).toEqual([boatA, { ...jacket, ActivitiesInUse: [] }]);
    expect(change.autoNotInUse).toEqual([]);
  });

  it('ignores an activity type the item is not linked to, and unknown ids', () => {
    expect(setInUse([boatA], 1, 'FISHING', true).draft).toEqual([boatA]);
    expect(setInUse([boatA], 99, 'SAILING', false).draft).toEqual([boatA]);
  });
});

describe('inUseSaveRequest (POST equipments of the Quick Update tab)', () => {
  it('is empty when nothing changed', () => {
    expect(inUseSaveRequest([boatA, boatB], [boatA, boatB])).toEqual([]);
    expect(changedInUse([boatA], [{ ...boatA, ActivitiesInUse: ['SAILING'] }])).toEqual([]);
  });

  it('sends removals first, then additions', () => {
    const draft = setInUse([boatA, boatB, jacket], 2, 'SAILING', true).draft;
    expect(inUseSaveRequest([boatA, boatB, jacket], draft)).toEqual([
      { ...boatA, ActivitiesInUse: [] },
      { ...boatB, ActivitiesInUse: ['SAILING'] },
    ]);
  });

  it('sends an item that both loses and gains a flag twice: what it keeps, then the draft', () => {
    const saved = [jacket];
    const draft = [{ ...jacket, ActivitiesInUse: ['SAILING' as const] }];
    expect(inUseSaveRequest(saved, draft)).toEqual([
      { ...jacket, ActivitiesInUse: [] },
      { ...jacket, ActivitiesInUse: ['SAILING'] },
    ]);
  });

  it('never makes the server drop an item the draft keeps in use at the limit', () => {
    // 10 jackets in use; the member swaps jacket 5 for a helmet. Sending the helmet first would make
    // the server drop jacket 1 (the earliest); removals first keeps it.
    const saved = [...jackets(10, 'SAILING'), item(50, 'Helmet', 'HELMET', ['SAILING'])];
    let draft = setInUse(saved, 104, 'SAILING', false).draft;
    draft = setInUse(draft, 50, 'SAILING', true).draft;
    const request = inUseSaveRequest(saved, draft);
    expect(request.map((r) => [r.WearerEquipmentID, r.ActivitiesInUse])).toEqual([
      [104, []],
      [50, ['SAILING']],
    ]);
  });
});
