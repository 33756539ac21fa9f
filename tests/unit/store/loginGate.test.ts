import { describe, expect, it } from 'vitest';
import { loginGate } from '../../../src/store/session/loginGate';
import { signedInIdentity, testMember } from './testDependencies';

const identity = signedInIdentity(1);
const EFFECTIVE = 1_793_491_200_000;
const accepted = (at: number | null) => ({ ...testMember, TermsAcceptedTimestamp: at });

describe('login gating (spec §4), in order', () => {
  it.each([
    ['signed out', { identity: null, member: null }, '/auth/login?returnTo=%2Fmember%2Femail'],
    [
      'e-mail not verified',
      { identity: { ...identity, emailVerified: false, phoneNumberVerified: false }, member: null },
      '/auth/verify-email-address?returnTo=%2Fmember%2Femail',
    ],
    [
      'phone not verified',
      { identity: { ...identity, phoneNumberVerified: false }, member: accepted(null) },
      '/auth/verify-phone-number?returnTo=%2Fmember%2Femail',
    ],
    [
      'terms never accepted',
      { identity, member: accepted(null) },
      '/auth/login-eula?returnTo=%2Fmember%2Femail',
    ],
    [
      'terms accepted before the current documents',
      { identity, member: accepted(EFFECTIVE - 1) },
      '/auth/login-eula?updated=1&returnTo=%2Fmember%2Femail',
    ],
    [
      'terms older and no complete contacts: terms first',
      { identity, member: accepted(EFFECTIVE - 1), contactsComplete: false },
      '/auth/login-eula?updated=1&returnTo=%2Fmember%2Femail',
    ],
    [
      'no completed emergency contacts',
      { identity, member: accepted(EFFECTIVE), contactsComplete: false },
      '/auth/login-contacts?returnTo=%2Fmember%2Femail',
    ],
  ])('%s → %s', (_name, input, path) => {
    expect(
      loginGate({ termsEffectiveAt: EFFECTIVE, contactsComplete: true, ...input }, '/member/email')
        ?.path,
    ).toBe(path);
  });

  it.each([EFFECTIVE, EFFECTIVE + 1])('lets a member through who accepted at %i', (at) => {
    expect(
      loginGate(
        { identity, member: accepted(at), termsEffectiveAt: EFFECTIVE, contactsComplete: true },
        '/member/email',
      ),
    ).toBeNull();
  });

  it('does not redirect while the contacts are unknown (the guard waits for them)', () => {
    expect(
      loginGate(
        {
          identity,
          member: accepted(EFFECTIVE),
          termsEffectiveAt: EFFECTIVE,
          contactsComplete: null,
        },
        '/member/email',
      ),
    ).toBeNull();
  });
});
