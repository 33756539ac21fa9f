import { describe, expect, it } from 'vitest';
import { SplitsDistance, SplitsTime, parseDecimal } from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('SplitsDistance (application-behaviour §5): required, numeric, 0.1–100 km', () => {
  it.each<[unknown, string[]]>([
    [0.09, ['Validations.Min']],
    [0.1, []],
    [1, []],
    [100, []],
    [100.1, ['Validations.Max']],
    [-1, ['Validations.Min']],
    ['0.09', ['Validations.Min']],
    ['0.1', []],
    ['0,5', []],
    [' 42 ', []],
    ['100', []],
    ['100.1', ['Validations.Max']],
    [0, ['Validations.Required']],
    ['0', ['Validations.Required']],
    ['', ['Validations.Required']],
    ['  ', ['Validations.Required']],
    [null, ['Validations.Required']],
    [undefined, ['Validations.Required']],
    ['abc', ['Validations.InvalidNumber']],
    ['1e1', ['Validations.InvalidNumber']],
    ['1.2.3', ['Validations.InvalidNumber']],
    ['5 km', ['Validations.InvalidNumber']],
    ['Infinity', ['Validations.InvalidNumber']],
    [Number.NaN, ['Validations.InvalidValues']],
    [Number.POSITIVE_INFINITY, ['Validations.InvalidValues']],
    [true, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(SplitsDistance, value)).toEqual(expected);
  });

  it.each<[number | string, number]>([
    ['0,5', 0.5],
    [' 2.5 ', 2.5],
    [100, 100],
    ['.5', 0.5],
  ])('parses %j to %s', (value, parsed) => {
    expect(SplitsDistance.parse(value)).toBe(parsed);
  });

  it('carries the bounds in the params', () => {
    expect(issuesOf(SplitsDistance, 100.1)[0]).toMatchObject({ params: { max: 100 } });
    expect(issuesOf(SplitsDistance, 0.09)[0]).toMatchObject({ params: { min: 0.1 } });
  });
});

describe('SplitsTime (application-behaviour §5): required, numeric, 1–60 minutes', () => {
  it.each<[unknown, string[]]>([
    [0, ['Validations.Required']],
    [0.5, ['Validations.Min']],
    [1, []],
    [60, []],
    [61, ['Validations.Max']],
    [60.01, ['Validations.Max']],
    ['1', []],
    ['60', []],
    ['61', ['Validations.Max']],
    ['', ['Validations.Required']],
    ['ten', ['Validations.InvalidNumber']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(SplitsTime, value)).toEqual(expected);
  });

  it('carries the bounds in the params', () => {
    expect(issuesOf(SplitsTime, 61)[0]).toMatchObject({ params: { max: 60 } });
    expect(issuesOf(SplitsTime, 0.5)[0]).toMatchObject({ params: { min: 1 } });
  });
});

describe('parseDecimal', () => {
  it.each<[number | string, number | undefined]>([
    [1.5, 1.5],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['-2', -2],
    ['+2', 2],
    ['3.', 3],
    ['', undefined],
    ['1,000.5', undefined],
    ['0x10', undefined],
    [Number.NaN, undefined],
  ])('%j → %s', (value, expected) => {
    expect(parseDecimal(value)).toBe(expected);
  });
});
