import { useTranslation } from 'react-i18next';
import type { ActivityEquipment } from '../../api/entities/activity';
import './equipmentItems.css';

/** The item's given fields as [label key, shown value], in a fixed order. */
function facts(item: ActivityEquipment, t: (key: string) => string): [string, string][] {
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
}

/**
 * Equipment an activity was done with (app §3 "Equipment"; docs/activities.md "Equipment"): each
 * item's name, then its type, vessel type, brand, model, colour and other details as far as given.
 * Shared by the member's Equipment tab and the guardian's share view.
 */
export function EquipmentItems({ items }: { readonly items: readonly ActivityEquipment[] }) {
  const { t } = useTranslation();
  return (
    <ul className="ll-entry-list ll-entry-list-ruled">
      {items.map((item) => (
        <li key={item.WearerEquipmentID}>
          <strong>{item.EquipmentName}</strong>
          <dl className="ll-equipment-items-fields">
            {facts(item, t).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
