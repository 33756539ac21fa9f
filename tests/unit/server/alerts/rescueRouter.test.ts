import { describe, expect, it } from 'vitest';
import { rescueRouter } from '../../../../server/alerts/rescueRouter';

/** The alert engine's router over the real coastline extract (policy §1; docs/rescue-coverage.md). */
describe('rescueRouter (alert engine → rescue routing)', () => {
  it.each([
    [
      'on the Lysefjord, registered in NO',
      { lat: 59.0176, lon: 6.0532 },
      'NO',
      false,
      ['RESCUE_NO'],
    ],
    ['in the Black Forest, registered in NO', { lat: 48.28, lon: 8.2 }, 'NO', false, ['RESCUE_DE']],
    ['off Valencia, registered in NL', { lat: 39.44, lon: -0.3 }, 'NL', true, ['RESCUE_NL']],
    ['off Valencia, registered in ES', { lat: 39.44, lon: -0.3 }, 'ES', true, []],
    ['unknown position on a kayak, registered in DK', null, 'DK', true, ['RESCUE_DK']],
    ['unknown position on land, registered in DK', null, 'DK', false, []],
  ] as const)('%s → %j', (_name, position, homeCountryCode, waterActivity, expected) => {
    const orgs = rescueRouter({ position, homeCountryCode, waterActivity });
    expect(orgs.map((org) => org.code)).toEqual(expected);
    for (const org of orgs) expect(org.name).toMatch(/^Rescue partner /);
  });
});
