import { ActivityType } from '../../../api/enums';

/**
 * The work and clinical types of spec §3 "Further listed types" (deliveries, shifts, surveillance,
 * trips, the six-minute walk test). They are recorded by work and care deployments, not chosen by a
 * member as a favourite sport, so the favourites grid does not offer them — unless the wearer already
 * has one as a favourite, so it can be seen and removed.
 */
export const WORK_ACTIVITY_TYPES: readonly ActivityType[] = [
  'DELIVERY',
  'SHIFT',
  'SURVEILLANCE',
  'TRIP',
  'SIX_MINUTE_WALK_TEST',
];

/** The recorded activity types a member may choose as favourites (spec §3, BOATING … OTHER). */
export const FAVOURITE_CHOICES: readonly ActivityType[] = ActivityType.options.filter(
  (type) => !WORK_ACTIVITY_TYPES.includes(type),
);

/**
 * The types the grid offers for a wearer whose favourites are `current`: {@link FAVOURITE_CHOICES},
 * then any current favourite outside them, ordered by `label` (the translated name) with OTHER last.
 */
export function offeredActivityTypes(
  current: readonly ActivityType[],
  label: (type: ActivityType) => string,
): ActivityType[] {
  const extra = current.filter((type) => !FAVOURITE_CHOICES.includes(type));
  const rank = (type: ActivityType): number => (type === 'OTHER' ? 1 : 0);
  return [...new Set([...FAVOURITE_CHOICES, ...extra])].sort(
    (a, b) => rank(a) - rank(b) || label(a).localeCompare(label(b)),
  );
}
