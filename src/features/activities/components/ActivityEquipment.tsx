import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityEquipment as Item } from '../../../api/entities/activity';
import type { ActivityType } from '../../../api/enums';

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
  /** The item's given fields as [label key, shown value]. */
  const facts = (item: Item): [string, string][] => {
    const given: [string, string | null | undefined][] = [
      ['Equipment.Fields.Type', t(`Equipment.Types.${item.EquipmentType}`)],
      [
        'Equipment.Fields.VesselType',
        item.VesselType ? t(`Equipment.VesselTypes.${item.VesselType}`) : null,
      ],
      ['Equipment.Fields.Brand', item.Brand],
      ['Equipment.Fields.Model', item.Model],
      ['Equipment.Fields.Colour', item.Colour],
      ['Equipment.Fields.OtherDetails', item.OtherDetails],
    ];
    return given.filter((fact): fact is [string, string] => Boolean(fact[1]));
  };
  const typeName = t(`Activities.Type.${activityType}`);
  return (
    <div className="ll-activity-equipment">
      <p className="ll-muted">{t('Activities.Equipment.Intro', { activityType: typeName })}</p>
      <ul>
        {items.map((item) => (
          <li key={item.WearerEquipmentID}>
            <strong>{item.EquipmentName}</strong>
            <dl className="ll-activity-equipment-fields">
              {facts(item).map(([label, value]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Link to={`/member/equipment-activity-type/${activityType}`}>
        {t('Activities.Equipment.Change', { activityType: typeName })}
      </Link>
    </div>
  );
}
