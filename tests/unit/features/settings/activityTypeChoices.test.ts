import { describe, expect, it } from 'vitest';
import { ActivityType } from '../../../../src/api/enums';
import {
  FAVOURITE_CHOICES,
  WORK_ACTIVITY_TYPES,
  offeredActivityTypes,
} from '../../../../src/features/settings/activityTypes/activityTypeChoices';

const byCode = (type: string) => type;

describe('the favourite choices (spec §3 Activity types)', () => {
  it('offers the 28 recorded types BOATING … OTHER, not the work and clinical ones', () => {
    expect(FAVOURITE_CHOICES).toHaveLength(28);
    expect(FAVOURITE_CHOICES).not.toContain('SHIFT');
    expect([...FAVOURITE_CHOICES, ...WORK_ACTIVITY_TYPES].sort()).toEqual(
      [...ActivityType.options].sort(),
    );
  });

  it('orders by name with OTHER last', () => {
    const offered = offeredActivityTypes([], byCode);
    expect(offered[0]).toBe('BOATING');
    expect(offered.at(-1)).toBe('OTHER');
  });

  it('also offers a work type the wearer already has, so it can be removed', () => {
    const offered = offeredActivityTypes(['SHIFT', 'HIKING'], byCode);
    expect(offered).toHaveLength(29);
    expect(offered).toContain('SHIFT');
  });
});
