/**
 * The sign-up order after the phone is verified (spec application-behaviour §4 "Sign-up order"): EULA,
 * contacts, device activation, equipment, activity types, then the dashboard with registrationComplete.
 * Each registration screen is the member-area screen of the same feature in its registration mode;
 * it moves on with {@link nextRegistrationPath}.
 */
export const REGISTRATION_STEPS = [
  '/auth/registration-eula',
  '/auth/registration-contacts',
  '/auth/registration-activate-device',
  '/auth/registration-equipment',
  '/auth/registration-activity-types',
] as const;

/** A step of the sign-up order, by its route. */
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** Where the sign-up order ends: the dashboard with the registrationComplete welcome (spec §2). */
export const REGISTRATION_COMPLETE_PATH = '/member?registrationComplete=true';

/** The route after `step` in the sign-up order (the dashboard after the last step). */
export function nextRegistrationPath(step: RegistrationStep): string {
  const index = REGISTRATION_STEPS.indexOf(step);
  return REGISTRATION_STEPS[index + 1] ?? REGISTRATION_COMPLETE_PATH;
}

/** The first registration step, where the sign-up order goes once the phone is verified. */
export const FIRST_REGISTRATION_STEP: RegistrationStep = REGISTRATION_STEPS[0];
