import type { EquipmentType } from '../../../api/enums';

/** A pictogram per equipment type (decorative: the type's name is always shown beside it). */
const ICONS: Record<EquipmentType, string> = {
  VESSEL: '⛵',
  VEHICLE: '🚙',
  BOARD: '🏄',
  KITE_WING: '🪁',
  SAIL: '🚩',
  BIKE: '🚲',
  CLIMBING: '🧗',
  SKIS: '🎿',
  SAFETY: '🛟',
  COMMUNICATION: '📻',
  HELMET: '⛑️',
  LIFE_JACKET: '🦺',
  CLOTHING: '🧥',
  FOOTWEAR: '🥾',
  TENT: '⛺',
  OTHER: '🎒',
};

/** The icon of an equipment type, hidden from assistive technology. */
export function EquipmentIcon({ type }: { readonly type: EquipmentType }) {
  return (
    <span className="ll-equipment-icon" aria-hidden="true">
      {ICONS[type]}
    </span>
  );
}
