import { describe, expect, it } from 'vitest';
import {
  PersonalDetailsForm,
  dateForDisplay,
  personalDetailsDefaults,
  toYearFirst,
} from '../../../../src/features/settings/personalDetails/personalDetailsForm';
import { testWearer } from './settingsTestKit';

describe('toYearFirst (spec §5 Date: day/month/year ↔ year-first)', () => {
  it.each([
    ['09/02/2000', '2000/02/09'],
    ['9.2.2000', '2000/02/09'],
    ['9-2-2000', '2000/02/09'],
    ['2000-02-09', '2000/02/09'],
    ['2000/2/9', '2000/02/09'],
    [' 2000/02/09 ', '2000/02/09'],
    ['February 9', 'February 9'],
  ])('%s → %s', (typed, saved) => {
    expect(toYearFirst(typed)).toBe(saved);
  });
});

describe('dateForDisplay (spec §3 Units DateFormat)', () => {
  it.each([
    ['DD/MM/YYYY', '09/02/2000'],
    ['YYYY-MM-DD', '2000-02-09'],
    ['YYYY/MM/DD', '2000/02/09'],
  ] as const)('%s shows %s', (format, shown) => {
    expect(dateForDisplay('2000/02/09', format)).toBe(shown);
  });

  it('shows nothing for a missing date', () => {
    expect(dateForDisplay(null, 'DD/MM/YYYY')).toBe('');
  });
});

describe('the personal-details form rules (spec §5)', () => {
  const valid = personalDetailsDefaults(testWearer, 'YYYY/MM/DD');

  it('parses to the saved forms: trimmed names, YYYY/MM/DD, + phone', () => {
    const parsed = PersonalDetailsForm.parse({
      ...valid,
      nameFirst: '  Dana ',
      dateOfBirth: '9.2.1990',
      phone: '0047 912 34 567',
    });
    expect(parsed).toMatchObject({
      nameFirst: 'Dana',
      dateOfBirth: '1990/02/09',
      phone: '+4791234567',
    });
  });

  it.each([
    ['nameFirst', '', 'Validations.Required'],
    ['nameFirst', 'D4na', 'Validations.NameInvalidCharacters'],
    ['nameLast', 'A'.repeat(21), 'Validations.MaxLength'],
    ['dateOfBirth', '', 'Validations.Required'],
    ['dateOfBirth', '31/04/1990', 'Validations.DateInvalid'],
    ['dateOfBirth', '29/02/1991', 'Validations.DateInvalid'],
    ['dateOfBirth', '1899/12/31', 'Validations.DateInvalid'],
    ['phone', '', 'Validations.Required'],
    ['phone', '+47 123', 'Validations.PhoneInvalid'],
    ['phone', '+47 abc 12345', 'Validations.PhoneInvalid'],
    ['sex', '', 'Validations.Required'],
    ['language', 'xx', 'Validations.Required'],
  ])('%s %j fails with %s', (field, value, key) => {
    const result = PersonalDetailsForm.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: key });
  });

  it('accepts 29 February in a leap year', () => {
    expect(PersonalDetailsForm.parse({ ...valid, dateOfBirth: '29/02/1992' }).dateOfBirth).toBe(
      '1992/02/29',
    );
  });
});
