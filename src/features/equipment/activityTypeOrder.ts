import type { ActivityType } from '../../api/enums';

/**
 * `types` in the order the equipment screens list them: the wearer's favourite activity types first,
 * in the wearer's order (spec §3 wearer `ActivityTypes`), then the rest alphabetically by their
 * translated names (`nameOf`, compared in `locale`). Each type appears once; favourites not in `types`
 * are left out.
 */
export function orderActivityTypes(
  types: readonly ActivityType[],
  favourites: readonly ActivityType[],
  nameOf: (type: ActivityType) => string,
  locale?: string,
): ActivityType[] {
  const wanted = new Set(types);
  const first = [...new Set(favourites)].filter((type) => wanted.has(type));
  const chosen = new Set(first);
  const rest = [...wanted]
    .filter((type) => !chosen.has(type))
    .map((type) => ({ type, name: nameOf(type) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map(({ type }) => type);
  return [...first, ...rest];
}
