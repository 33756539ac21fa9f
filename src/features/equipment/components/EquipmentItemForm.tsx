import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../api/entities/equipment';
import { EquipmentType, VesselType, type ActivityType } from '../../../api/enums';
import { applyEquipmentInUse, type InUseItem } from '../../../api/rules/equipmentInUse';
import { selectAllEquipment } from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SelectField } from '../../../ui/forms/SelectField';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import {
  EquipmentForm,
  emptyEquipmentForm,
  equipmentFormOf,
  equipmentInputOf,
} from '../equipmentForm';
import { equipmentTypeKey, vesselTypeKey } from '../equipmentNames';
import {
  equipmentDeleteRequested,
  equipmentItemSaveRequested,
  selectEquipmentUi,
} from '../equipmentUiSlice';
import { ActivityChecklist, type InUsePreview } from './ActivityChecklist';
import { DeleteEquipment } from './DeleteEquipment';
import { useFieldError } from '../../../ui/forms/useFieldError';

export interface EquipmentItemFormProps {
  /** The item edited; absent for a new one. */
  readonly item?: Equipment | undefined;
  /** Activity types a new item starts linked to. */
  readonly initialActivityTypes?: readonly ActivityType[];
  /** Where Cancel goes. */
  readonly backTo: string;
  /** Told when a save or delete is requested (the page goes back once it is done). */
  readonly onSubmitted: (kind: 'save' | 'delete') => void;
}

/**
 * The equipment editor's form (policy §3 "Equipment"): name, type, vessel type (for a VESSEL), brand,
 * model, colour, other details, linked activity types and in use per linked type. Save → POST
 * equipment; Delete (after confirmation) → POST equipment-delete.
 */
export function EquipmentItemForm({
  item,
  initialActivityTypes,
  backTo,
  onSubmitted,
}: EquipmentItemFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ui = useAppSelector(selectEquipmentUi);
  const equipment = useAppSelector(selectAllEquipment);
  const fieldError = useFieldError();
  const form = useForm({
    resolver: zodFormResolver(EquipmentForm),
    defaultValues: item ? equipmentFormOf(item) : emptyEquipmentForm(initialActivityTypes),
  });
  const errors = form.formState.errors;
  const [type, activities, inUse] = useWatch({
    control: form.control,
    name: ['EquipmentType', 'Activities', 'ActivitiesInUse'],
  });

  // What saving would do to the other items, by the rule the server applies (policy §4).
  const preview = useMemo((): InUsePreview[] => {
    if (!EquipmentType.safeParse(type).success) return [];
    const draft: InUseItem = {
      WearerEquipmentID: item?.WearerEquipmentID,
      EquipmentType: type,
      Activities: activities,
      ActivitiesInUse: inUse,
    };
    const list: readonly InUseItem[] = equipment;
    return applyEquipmentInUse(list, draft).notices.map((n) => ({
      activityType: n.ActivityType,
      notice: n.Notice,
      name:
        equipment.find((other) => other.WearerEquipmentID === n.Item.WearerEquipmentID)
          ?.EquipmentName ?? '',
    }));
  }, [equipment, item?.WearerEquipmentID, type, activities, inUse]);

  const typeOptions = EquipmentType.options.map((value) => ({
    value,
    label: t(equipmentTypeKey(value)),
  }));
  const vesselOptions = VesselType.options.map((value) => ({
    value,
    label: t(vesselTypeKey(value)),
  }));
  const errorKey = ui.save === 'failed' || ui.remove === 'failed' ? ui.errorKey : null;
  return (
    <>
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            onSubmitted('save');
            dispatch(equipmentItemSaveRequested(equipmentInputOf(values, item?.WearerEquipmentID)));
          })(event)
        }
      >
        <TextField
          label={t('Equipment.Fields.Name')}
          autoComplete="off"
          {...form.register('EquipmentName')}
          error={fieldError(errors.EquipmentName)}
        />
        <SelectField
          label={t('Equipment.Fields.Type')}
          placeholder={t('Equipment.Fields.TypePlaceholder')}
          options={typeOptions}
          {...form.register('EquipmentType')}
          error={fieldError(errors.EquipmentType)}
        />
        {type === 'VESSEL' ? (
          <SelectField
            label={t('Equipment.Fields.VesselType')}
            placeholder={t('Equipment.Fields.VesselTypePlaceholder')}
            options={vesselOptions}
            {...form.register('VesselType')}
            error={fieldError(errors.VesselType)}
          />
        ) : null}
        <TextField
          label={t('Equipment.Fields.Brand')}
          {...form.register('Brand')}
          error={fieldError(errors.Brand)}
        />
        <TextField
          label={t('Equipment.Fields.Model')}
          {...form.register('Model')}
          error={fieldError(errors.Model)}
        />
        <TextField
          label={t('Equipment.Fields.Colour')}
          {...form.register('Colour')}
          error={fieldError(errors.Colour)}
        />
        <TextField
          label={t('Equipment.Fields.OtherDetails')}
          {...form.register('OtherDetails')}
          error={fieldError(errors.OtherDetails)}
        />
        <ActivityChecklist
          activities={activities}
          inUse={inUse}
          preview={preview}
          onChange={(nextActivities, nextInUse) => {
            form.setValue('Activities', nextActivities, { shouldDirty: true });
            form.setValue('ActivitiesInUse', nextInUse, { shouldDirty: true });
          }}
        />
        {errorKey ? <FormMessage tone="error">{t(errorKey)}</FormMessage> : null}
        <div className="ll-actions">
          <SubmitButton busy={ui.save === 'pending'}>
            {ui.save === 'pending' ? t('Equipment.Item.Saving') : t('Equipment.Item.Save')}
          </SubmitButton>
          <ButtonLink to={backTo}>{t('Equipment.Item.Cancel')}</ButtonLink>
        </div>
      </form>
      {item ? (
        <DeleteEquipment
          name={item.EquipmentName}
          busy={ui.remove === 'pending'}
          onConfirm={() => {
            onSubmitted('delete');
            dispatch(equipmentDeleteRequested({ EquipmentId: item.WearerEquipmentID }));
          }}
        />
      ) : null}
    </>
  );
}
