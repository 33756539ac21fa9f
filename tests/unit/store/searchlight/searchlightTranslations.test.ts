import { describe, expect, it } from 'vitest';
import errors from '../../../../locales/en/Errors.json';
import searchlight from '../../../../locales/en/Searchlight.json';
import { CARDINAL_DIRECTIONS } from '../../../../src/store/searchlight/searchlightMath';

describe('searchlight English texts', () => {
  it('has the translated errors and the warning of spec §8', () => {
    const keys = [
      'SearchlightPermissionDenied',
      'SearchlightNoLocation',
      'SearchlightTimeout',
      'SearchlightHaccOverMax',
      'SearchlightNoCompass',
    ] as const;
    for (const key of keys) expect(errors[key]).toMatch(/\S/);
  });

  it('names each of the 16 cardinal directions', () => {
    for (const point of CARDINAL_DIRECTIONS) {
      expect(searchlight.Cardinal[point]).toBe(point);
      expect(searchlight.CardinalName[point]).toMatch(/^[a-z-]+$/);
    }
  });
});
