import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEquipment } from '../../../api/entities/activity';
import { EquipmentItems } from '../../../ui/equipment/EquipmentItems';

/**
 * What the wearer has with them, on the guardian's share view (docs/share-viewing.md "Equipment"):
 * the equipment in use for the activity's type when it was recorded — a red kayak, a yellow jacket —
 * which rescuers ask for. Nothing when none was recorded (`items` null or empty).
 */
export const SharedEquipment = memo(function SharedEquipment({
  items,
  wearerName,
}: {
  readonly items: readonly ActivityEquipment[] | null | undefined;
  readonly wearerName: string;
}) {
  const { t } = useTranslation();
  if (!items || items.length === 0) return null;
  return (
    <section className="ll-share-equipment" aria-labelledby="share-equipment-title">
      <h2 id="share-equipment-title">{t('Share.Equipment.Title', { name: wearerName })}</h2>
      <p className="ll-muted">{t('Share.Equipment.Intro')}</p>
      <EquipmentItems items={items} />
    </section>
  );
});
