import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Equipment } from '../../../api/entities/equipment';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { equipmentTypeKey, vesselTypeKey } from '../equipmentNames';
import type { EquipmentPaths } from '../equipmentPaths';
import { EquipmentIcon } from './EquipmentIcon';

/**
 * The Equipment tab (policy §2): each item with its type's icon and name (and vessel type), its
 * brand, model and colour, linking to the item's editor; and a link to add one.
 */
export function EquipmentListTab({
  equipment,
  paths,
}: {
  readonly equipment: readonly Equipment[];
  readonly paths: EquipmentPaths;
}) {
  const { t } = useTranslation();
  return (
    <>
      {equipment.length === 0 ? <p className="ll-muted">{t('Equipment.Empty')}</p> : null}
      <ul className="ll-equipment-list">
        {equipment.map((item) => {
          const type = [
            t(equipmentTypeKey(item.EquipmentType)),
            item.VesselType ? t(vesselTypeKey(item.VesselType)) : null,
          ].filter(Boolean);
          const details = [item.Brand, item.Model, item.Colour].filter(Boolean);
          return (
            <li key={item.WearerEquipmentID} className="ll-equipment-card">
              <EquipmentIcon type={item.EquipmentType} />
              <div>
                <Link
                  to={paths.item(item.WearerEquipmentID)}
                  aria-label={t('Equipment.List.Edit', { name: item.EquipmentName })}
                >
                  {item.EquipmentName}
                </Link>
                <div className="ll-muted">{type.join(' · ')}</div>
                {details.length > 0 ? <div>{details.join(' · ')}</div> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="ll-actions">
        <ButtonLink to={paths.item('new')}>{t('Equipment.Add')}</ButtonLink>
      </div>
    </>
  );
}
