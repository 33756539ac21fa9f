import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY,
  type Equipment,
} from '../../../api/entities/equipment';
import type { ActivityType } from '../../../api/enums';
import { equipmentTypeKey } from '../equipmentNames';
import { setInUse, type AutoNotInUse } from '../inUseDraft';
import { EquipmentIcon } from './EquipmentIcon';

export interface InUseChecklistProps {
  readonly activityType: ActivityType;
  /** The activity type's translated name. */
  readonly activityName: string;
  /** The whole list as shown (the draft): the boxes show the items linked to `activityType`. */
  readonly equipment: readonly Equipment[];
  /** Items the rule already set not in use in the draft (shown with the reason). */
  readonly autoNotInUse?: readonly AutoNotInUse[];
  readonly disabled?: boolean;
  readonly onToggle: (id: number, inUse: boolean) => void;
}

/**
 * One in-use box per item linked to an activity type (policy §3 "in-use flag per activity type").
 * Beside a box not ticked it says beforehand which other item ticking it would set not in use (app
 * §5; policy §4 "the excess or earlier item is automatically set to not in use"); beside an item the
 * draft already set not in use, why.
 */
export function InUseChecklist({
  activityType,
  activityName,
  equipment,
  autoNotInUse = [],
  disabled,
  onToggle,
}: InUseChecklistProps) {
  const { t } = useTranslation();
  const base = useId();
  const limit = EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY;
  const nameOf = (id: number) =>
    equipment.find((item) => item.WearerEquipmentID === id)?.EquipmentName ?? '';
  const linked = equipment.filter((item) => item.Activities.includes(activityType));
  return (
    <ul className="ll-equipment-inuse">
      {linked.map((item) => {
        const id = item.WearerEquipmentID;
        const inUse = item.ActivitiesInUse.includes(activityType);
        const wouldSet = inUse ? [] : setInUse(equipment, id, activityType, true).autoNotInUse;
        const wasSet = autoNotInUse.filter((a) => a.id === id && a.activityType === activityType);
        const hintId = `${base}-${id}-hint`;
        const hinted = wouldSet.length + wasSet.length > 0;
        return (
          <li key={id}>
            <label className="ll-check">
              <input
                type="checkbox"
                checked={inUse}
                disabled={disabled}
                aria-describedby={hinted ? hintId : undefined}
                onChange={(event) => {
                  onToggle(id, event.target.checked);
                }}
              />
              <EquipmentIcon type={item.EquipmentType} />
              <span>{item.EquipmentName}</span>
            </label>
            <span className="ll-muted"> {t(equipmentTypeKey(item.EquipmentType))}</span>
            <span id={hintId}>
              {wouldSet.map((a) => (
                <small key={`${a.id}-${a.activityType}`} className="ll-equipment-hint">
                  {t(`Equipment.IfInUse.${a.notice}`, {
                    name: nameOf(a.id),
                    activityType: activityName,
                    limit,
                  })}
                </small>
              ))}
              {wasSet.map((a) => (
                <small key={a.notice} className="ll-equipment-hint" role="status">
                  {t(`Equipment.WasSetNotInUse.${a.notice}`, { limit })}
                </small>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
