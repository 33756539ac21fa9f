import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY } from '../../../api/entities/equipment';
import { ActivityType } from '../../../api/enums';
import type { InUseNoticeCode } from '../../../api/rules/equipmentInUse';
import { useActivityTypeOrder } from './useActivityTypeOrder';

/** Another item that saving would set not in use for an activity type, and why. */
export interface InUsePreview {
  readonly activityType: ActivityType;
  readonly name: string;
  readonly notice: InUseNoticeCode;
}

export interface ActivityChecklistProps {
  /** The activity types the item is linked to. */
  readonly activities: readonly ActivityType[];
  /** The linked types it is in use for. */
  readonly inUse: readonly ActivityType[];
  /** What saving would do to other items (shown under the activity type it concerns). */
  readonly preview: readonly InUsePreview[];
  readonly onChange: (activities: ActivityType[], inUse: ActivityType[]) => void;
}

/**
 * The editor's linked activity types and in-use flags (policy §3 "linked activities, in-use flag per
 * activity type"): a box per activity type (the wearer's favourites first), and for a linked type an
 * "In use for …" box. Unlinking a type also clears its in-use flag. Under a type, the other items
 * saving would set not in use (app §5, policy §4), before the member saves.
 */
export function ActivityChecklist({
  activities,
  inUse,
  preview,
  onChange,
}: ActivityChecklistProps) {
  const { t } = useTranslation();
  const { order, nameOf } = useActivityTypeOrder();
  const base = useId();
  const linked = new Set(activities);
  return (
    <fieldset className="ll-equipment-fieldset">
      <legend>{t('Equipment.Fields.Activities')}</legend>
      <small className="ll-muted">{t('Equipment.Fields.ActivitiesHint')}</small>
      <ul className="ll-equipment-activities">
        {order(ActivityType.options).map((type) => {
          const isLinked = linked.has(type);
          const hints = preview.filter((p) => p.activityType === type);
          const hintId = `${base}-${type}-hint`;
          return (
            <li key={type}>
              <label className="ll-check">
                <input
                  type="checkbox"
                  checked={isLinked}
                  onChange={(event) => {
                    onChange(
                      event.target.checked
                        ? [...activities, type]
                        : activities.filter((a) => a !== type),
                      event.target.checked ? [...inUse] : inUse.filter((a) => a !== type),
                    );
                  }}
                />
                {nameOf(type)}
              </label>
              {isLinked ? (
                <label className="ll-check">
                  <input
                    type="checkbox"
                    checked={inUse.includes(type)}
                    aria-label={t('Equipment.InUseFor', { activityType: nameOf(type) })}
                    aria-describedby={hints.length > 0 ? hintId : undefined}
                    onChange={(event) => {
                      onChange(
                        [...activities],
                        event.target.checked ? [...inUse, type] : inUse.filter((a) => a !== type),
                      );
                    }}
                  />
                  {t('Equipment.InUse')}
                </label>
              ) : null}
              <span id={hintId} className="ll-equipment-hints">
                {hints.map((p) => (
                  <small key={`${p.name}-${p.notice}`} className="ll-equipment-hint" role="status">
                    {t(`Equipment.WillSetNotInUse.${p.notice}`, {
                      name: p.name,
                      activityType: nameOf(type),
                      limit: EQUIPMENT_IN_USE_LIMIT_PER_ACTIVITY,
                    })}
                  </small>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
