import { createSelector } from '@reduxjs/toolkit';
import { DEFAULT_UNITS, type Units } from '../../api/entities/client';
import { selectMemberClient } from '../client/clientSlice';
import type { UnitOverrides } from './unitOverrides';
import { selectUnitOverrides } from './unitPreferenceSlice';

/**
 * The units the organisation sets (app §3 "Client" Units): the member's client's, or the spec's
 * `DEFAULT_UNITS` (app §3 "Units defaults") when there is none (a guardian on a share page, or
 * before the client has loaded). Stable while the client is.
 */
export const selectOrganisationUnits = createSelector(
  [selectMemberClient],
  (client): Units => client?.Units ?? DEFAULT_UNITS,
);

/** `base` with each chosen field of `overrides` on top; `base` itself when nothing is chosen. */
export function applyUnitOverrides(base: Units, overrides: UnitOverrides): Units {
  return Object.keys(overrides).length === 0 ? base : { ...base, ...overrides };
}

/**
 * The units every screen formats with (issue 7 item 6): {@link selectOrganisationUnits} with this app
 * instance's choices (unitPreferenceSlice.ts) on top, a full `Units` (app §3). Memoized: the same
 * object while the client and the choices are, so `useFormatter` and charts rebuild only on a change.
 */
export const selectEffectiveUnits = createSelector(
  [selectOrganisationUnits, selectUnitOverrides],
  applyUnitOverrides,
);
