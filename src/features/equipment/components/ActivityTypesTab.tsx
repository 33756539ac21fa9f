import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Equipment } from '../../../api/entities/equipment';
import { equipmentTypeKey } from '../equipmentNames';
import type { EquipmentPaths } from '../equipmentPaths';
import { EquipmentIcon } from './EquipmentIcon';
import { useActivityTypeOrder } from './useActivityTypeOrder';

/**
 * The Activity Types tab (policy §2): per activity type with linked equipment (favourites first), the
 * linked items and whether each is in use; the type links to its own screen (spec §2
 * equipment-activity-type/{ActivityType}).
 */
export function ActivityTypesTab({
  equipment,
  paths,
}: {
  readonly equipment: readonly Equipment[];
  readonly paths: EquipmentPaths;
}) {
  const { t } = useTranslation();
  const { order, nameOf } = useActivityTypeOrder();
  const types = order(new Set(equipment.flatMap((item) => item.Activities)));
  if (types.length === 0) return <p className="ll-muted">{t('Equipment.List.NoLinkedTypes')}</p>;
  return (
    <div className="ll-equipment-types">
      {types.map((type) => {
        const linked = equipment.filter((item) => item.Activities.includes(type));
        const inUse = linked.filter((item) => item.ActivitiesInUse.includes(type)).length;
        return (
          <section key={type} aria-label={nameOf(type)} className="ll-equipment-type">
            <h2>
              <Link to={paths.activityType(type)}>{nameOf(type)}</Link>
            </h2>
            <p className="ll-muted">
              {t('Equipment.List.Counts', { linked: linked.length, inUse })}
            </p>
            <ul>
              {linked.map((item) => (
                <li key={item.WearerEquipmentID}>
                  <EquipmentIcon type={item.EquipmentType} /> {item.EquipmentName}{' '}
                  <span className="ll-muted">({t(equipmentTypeKey(item.EquipmentType))})</span>
                  {' — '}
                  {item.ActivitiesInUse.includes(type)
                    ? t('Equipment.InUse')
                    : t('Equipment.NotInUse')}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
