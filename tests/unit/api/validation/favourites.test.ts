import { describe, expect, it } from 'vitest';
import { FavouriteActivityTypes } from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

const types = (count: number) => Array.from({ length: count }, (_, index) => `TYPE_${index}`);

describe('FavouriteActivityTypes (policy-and-vocabulary §5, §9): 1 to 9', () => {
  it.each<[unknown, string[]]>([
    [types(0), ['Validations.FavouritesMin']],
    [types(1), []],
    [types(9), []],
    [types(10), ['Validations.FavouritesMax']],
    [['HIKING', 3], ['Validations.InvalidValues']],
    [undefined, ['Validations.Required']],
    ['HIKING', ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(FavouriteActivityTypes, value)).toEqual(expected);
  });

  it('carries the bounds in the params', () => {
    expect(issuesOf(FavouriteActivityTypes, [])[0]).toMatchObject({ params: { min: 1 } });
    expect(issuesOf(FavouriteActivityTypes, types(10))[0]).toMatchObject({ params: { max: 9 } });
  });
});
