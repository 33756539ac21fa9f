import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityType } from '../../../api/enums';
import { selectAllEquipment } from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { EquipmentLoadGate } from '../components/EquipmentLoadGate';
import { EquipmentNotFound } from '../components/EquipmentNotFound';
import { InUseChecklist } from '../components/InUseChecklist';
import { activityTypeKey } from '../equipmentNames';
import { equipmentPaths, type EquipmentMode } from '../equipmentPaths';
import {
  equipmentInUseSaveRequested,
  equipmentScreenOpened,
  selectEquipmentUi,
} from '../equipmentUiSlice';
import '../equipment.css';

/**
 * The equipment of one activity type (spec §2 /member/equipment-activity-type/{ActivityType} and
 * /auth/registration-equipment-activity-type/{ActivityType}): the items linked to it, each with an
 * in-use box saved at once (POST equipments). Beside a box it says beforehand which other item
 * ticking it sets not in use (policy §4), and a notice says so after the save (app §8). An unknown
 * activity type shows page-not-found.
 */
export function EquipmentActivityTypePage({ mode }: { readonly mode: EquipmentMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const equipment = useAppSelector(selectAllEquipment);
  const ui = useAppSelector(selectEquipmentUi);
  const params = useParams();
  const paths = equipmentPaths(mode);
  useEffect(() => {
    dispatch(equipmentScreenOpened());
  }, [dispatch]);

  const parsed = ActivityType.safeParse(params.ActivityType);
  if (!parsed.success) return <EquipmentNotFound backTo={paths.list} />;
  const type = parsed.data;
  const name = t(activityTypeKey(type));
  const linked = equipment.filter((item) => item.Activities.includes(type));
  const here = paths.activityType(type);
  const addPath = `${paths.item('new')}?${new URLSearchParams({ activityType: type, returnTo: here }).toString()}`;
  return (
    <section className="ll-form-page ll-equipment" aria-labelledby="equipment-type-title">
      <h1 id="equipment-type-title">{t('Equipment.ActivityType.Title', { activityType: name })}</h1>
      <EquipmentLoadGate>
        {linked.length === 0 ? (
          <p className="ll-muted">{t('Equipment.ActivityType.Empty', { activityType: name })}</p>
        ) : (
          <>
            <p>{t('Equipment.ActivityType.Intro', { activityType: name })}</p>
            <InUseChecklist
              activityType={type}
              activityName={name}
              equipment={equipment}
              disabled={ui.save === 'pending'}
              onToggle={(id, inUse) => {
                // Only the toggled item is sent: the server sets the other items not in use by
                // the rule, and the save's notices tell which (app §8).
                const item = equipment.find((candidate) => candidate.WearerEquipmentID === id);
                if (!item) return;
                const others = item.ActivitiesInUse.filter((a) => a !== type);
                dispatch(
                  equipmentInUseSaveRequested([
                    { ...item, ActivitiesInUse: inUse ? [...others, type] : others },
                  ]),
                );
              }}
            />
          </>
        )}
        {ui.save === 'failed' && ui.errorKey ? (
          <FormMessage tone="error">{t(ui.errorKey)}</FormMessage>
        ) : null}
      </EquipmentLoadGate>
      <div className="ll-actions">
        <ButtonLink to={addPath}>
          {t('Equipment.ActivityType.AddFor', { activityType: name })}
        </ButtonLink>
        <ButtonLink to={`${paths.list}?tab=activity-types`}>
          {t('Equipment.ActivityType.Back')}
        </ButtonLink>
      </div>
    </section>
  );
}
