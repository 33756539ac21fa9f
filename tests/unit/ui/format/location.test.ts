import { describe, expect, it } from 'vitest';
import type { LocationFormat } from '../../../../src/api/enums';
import { formatCoordinate, formatLocation, type Axis } from '../../../../src/ui/format';

const N = 'Units.Hemisphere.N';
const S = 'Units.Hemisphere.S';
const E = 'Units.Hemisphere.E';
const W = 'Units.Hemisphere.W';

describe('formatCoordinate (degrees → dd, ddm, dms with hemisphere)', () => {
  it.each<[number, Axis, LocationFormat, string, string, string]>([
    // Amsterdam, Sydney, Rio de Janeiro
    [52.370216, 'latitude', 'dd', 'en', '52.37022°', N],
    [4.895168, 'longitude', 'dd', 'en', '4.89517°', E],
    [-33.86882, 'latitude', 'dd', 'en', '33.86882°', S],
    [151.209296, 'longitude', 'dd', 'en', '151.20930°', E],
    [-43.1729, 'longitude', 'dd', 'en', '43.17290°', W],
    [52.370216, 'latitude', 'ddm', 'en', "52°22.213'", N],
    [-33.86882, 'latitude', 'ddm', 'en', "33°52.129'", S],
    [52.370216, 'latitude', 'dms', 'en', '52°22\'12.8"', N],
    [4.895168, 'longitude', 'dms', 'en', '4°53\'42.6"', E],
    [-33.86882, 'latitude', 'dms', 'en', '33°52\'07.8"', S],
    [-43.1729, 'longitude', 'dms', 'en', '43°10\'22.4"', W],
    [0, 'latitude', 'dms', 'en', '0°00\'00.0"', N],
    [0, 'longitude', 'dd', 'en', '0.00000°', E],
    // rounding carries: 59.9999…" becomes the next minute, 59.9999…' the next degree
    [10 + 59 / 60 + 59.99999 / 3600, 'latitude', 'dms', 'en', '11°00\'00.0"', N],
    [10 + 5 / 60 + 59.96 / 3600, 'latitude', 'dms', 'en', '10°06\'00.0"', N],
    [-(10 + 59 / 60 + 59.99999 / 3600), 'longitude', 'dms', 'en', '11°00\'00.0"', W],
    [10 + 59.99999 / 60, 'latitude', 'ddm', 'en', "11°00.000'", N],
    [89.999999, 'latitude', 'dd', 'en', '90.00000°', N],
    // a value that rounds to zero has no southern or western hemisphere
    [-0.000001, 'latitude', 'dd', 'en', '0.00000°', N],
    [-0.00001, 'longitude', 'dms', 'en', '0°00\'00.0"', E],
    // longitudes wrap at the antimeridian
    [-180, 'longitude', 'dd', 'en', '180.00000°', W],
    [190, 'longitude', 'dd', 'en', '170.00000°', W],
    // decimals follow the locale
    [52.370216, 'latitude', 'dd', 'de', '52,37022°', N],
    [52.370216, 'latitude', 'dms', 'de', '52°22\'12,8"', N],
    [52.370216, 'latitude', 'ddm', 'de', "52°22,213'", N],
  ])('%d (%s, %s, %s) → %s %s', (degrees, axis, format, locale, value, unit) => {
    expect(formatCoordinate(degrees, axis, format, locale)).toEqual({ value, unit });
  });

  it.each([90.0001, -91, Number.NaN])('throws RangeError for latitude %d', (degrees) => {
    expect(() => formatCoordinate(degrees, 'latitude', 'dms', 'en')).toThrow(RangeError);
  });

  it('never shows 60 seconds or 60 minutes for values just below each minute boundary', () => {
    const bad: string[] = [];
    for (let minute = 0; minute < 60; minute += 1) {
      for (let k = 0; k <= 100; k += 1) {
        const degrees = 10 + minute / 60 + (59.9 + k * 0.001) / 3600;
        const dms = formatCoordinate(degrees, 'latitude', 'dms', 'en').value;
        const ddm = formatCoordinate(degrees, 'latitude', 'ddm', 'en').value;
        if (!/^1[01]°[0-5]\d'[0-5]\d\.\d"$/.test(dms)) bad.push(dms);
        if (!/^1[01]°[0-5]\d\.\d{3}'$/.test(ddm)) bad.push(ddm);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('formatLocation', () => {
  it('formats a southern-western position in both axes', () => {
    expect(formatLocation(-22.9068, -43.1729, 'dms', 'en')).toEqual({
      latitude: { value: '22°54\'24.5"', unit: S },
      longitude: { value: '43°10\'22.4"', unit: W },
    });
  });
});
