import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityType } from '../../../api/enums';
import { selectWearer } from '../../../store/entities/wearerSlice';
import { useAppSelector } from '../../../store/hooks';
import { orderActivityTypes } from '../activityTypeOrder';
import { activityTypeKey } from '../equipmentNames';

/**
 * Orders activity types for display: the wearer's favourites first, then by translated name
 * ({@link orderActivityTypes}); also answers an activity type's translated name.
 */
export function useActivityTypeOrder(): {
  readonly order: (types: Iterable<ActivityType>) => ActivityType[];
  readonly nameOf: (type: ActivityType) => string;
} {
  const { t, i18n } = useTranslation();
  const favourites = useAppSelector(selectWearer)?.ActivityTypes;
  const nameOf = useCallback((type: ActivityType) => t(activityTypeKey(type)), [t]);
  const order = useCallback(
    (types: Iterable<ActivityType>) =>
      orderActivityTypes([...types], favourites ?? [], nameOf, i18n.language),
    [favourites, nameOf, i18n.language],
  );
  return { order, nameOf };
}
