import { describe, expect, it } from 'vitest';
import { orderActivityTypes } from '../../../../src/features/equipment/activityTypeOrder';

const names: Record<string, string> = {
  SAILING: 'Sailing',
  HIKING: 'Hiking',
  CYCLING: 'Cycling',
  ROWING: 'Rowing',
};

describe('orderActivityTypes', () => {
  it('puts favourites first in their order, then the rest by translated name', () => {
    expect(
      orderActivityTypes(
        ['SAILING', 'HIKING', 'CYCLING', 'ROWING'],
        ['ROWING', 'HIKING'],
        (t) => names[t] ?? t,
      ),
    ).toEqual(['ROWING', 'HIKING', 'CYCLING', 'SAILING']);
  });

  it('leaves out favourites not asked for and lists each type once', () => {
    expect(
      orderActivityTypes(
        ['SAILING', 'SAILING', 'CYCLING'],
        ['HIKING', 'SAILING', 'SAILING'],
        (t) => names[t] ?? t,
      ),
    ).toEqual(['SAILING', 'CYCLING']);
  });
});
