import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityEquipment as Item } from '../../../api/entities/activity';
import type { ActivityType } from '../../../api/enums';
import { EquipmentItems } from '../../../ui/equipment/EquipmentItems';

/**
 * The Equipment tab of the member's activity detail (docs/activities.md "Equipment"; app §3
 * "Equipment"): the items that were in use for the activity's type when it was recorded (or last
 * retyped), each with its type, vessel type, brand, model, colour and other details as far as given,
 * and a link to the equipment of that type (equipment-activity-type/{ActivityType}, app §2) for
 * activities to come.
 */
export function ActivityEquipment({
  items,
  activityType,
}: {
  items: readonly Item[];
  activityType: ActivityType;
}) {
  const { t } = useTranslation();
  const typeName = t(`Activities.Type.${activityType}`);
  return (
    <div className="ll-activity-equipment">
      <p className="ll-muted">{t('Activities.Equipment.Intro', { activityType: typeName })}</p>
      <EquipmentItems items={items} />
      <Link to={`/member/equipment-activity-type/${activityType}`}>
        {t('Activities.Equipment.Change', { activityType: typeName })}
      </Link>
    </div>
  );
}
