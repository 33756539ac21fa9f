import * as z from 'zod/mini';
import type { Equipment } from '../../api/entities/equipment';
import { EquipmentInput } from '../../api/entities/equipmentInput';
import { ActivityType, EquipmentType, VesselType } from '../../api/enums';

/**
 * The equipment editor's form (policy §3 "Equipment": name, type, brand, model, colour, vessel type,
 * other details, linked activities, in use per activity type) over the contract's `EquipmentInput`
 * rules: name (trimmed) required and up to 30 characters, brand, model and colour up to 30, other details up to
 * 50 (messages are Validations.* keys). Selects start empty: the type is required, the vessel type is
 * optional.
 */
export const EquipmentForm = z.object({
  // Trimmed first, so a name of spaces only is 'Required' as the server would find it after trimming.
  EquipmentName: z.pipe(z.string().check(z.trim()), EquipmentInput.shape.EquipmentName),
  EquipmentType: z.enum(EquipmentType.options, { error: () => 'Validations.Required' }),
  VesselType: z.union([VesselType, z.literal('')]),
  Brand: EquipmentInput.shape.Brand.def.innerType.def.innerType,
  Model: EquipmentInput.shape.Model.def.innerType.def.innerType,
  Colour: EquipmentInput.shape.Colour.def.innerType.def.innerType,
  OtherDetails: EquipmentInput.shape.OtherDetails.def.innerType.def.innerType,
  Activities: z.array(ActivityType),
  ActivitiesInUse: z.array(ActivityType),
});
export type EquipmentFormInput = z.input<typeof EquipmentForm>;
export type EquipmentFormValues = z.output<typeof EquipmentForm>;

/** The form of a new item: nothing chosen, linked to `activityTypes` (e.g. from `?activityType=`). */
export function emptyEquipmentForm(
  activityTypes: readonly ActivityType[] = [],
): EquipmentFormInput {
  return {
    EquipmentName: '',
    EquipmentType: '' as EquipmentFormInput['EquipmentType'],
    VesselType: '',
    Brand: '',
    Model: '',
    Colour: '',
    OtherDetails: '',
    Activities: [...activityTypes],
    ActivitiesInUse: [],
  };
}

/** The form showing a saved item (absent optional texts become empty fields). */
export function equipmentFormOf(item: Equipment): EquipmentFormInput {
  return {
    EquipmentName: item.EquipmentName,
    EquipmentType: item.EquipmentType,
    VesselType: item.VesselType ?? '',
    Brand: item.Brand ?? '',
    Model: item.Model ?? '',
    Colour: item.Colour ?? '',
    OtherDetails: item.OtherDetails ?? '',
    Activities: [...item.Activities],
    ActivitiesInUse: [...item.ActivitiesInUse],
  };
}

const optionalText = (value: string): string | null => value.trim() || null;

/**
 * The `POST equipment` request of the form (app §7): texts trimmed, empty optional texts null, the
 * vessel type only for a VESSEL, in use only for linked activity types; `id` absent for a new item.
 */
export function equipmentInputOf(
  values: EquipmentFormValues,
  id: number | undefined,
): EquipmentInput {
  const activities = [...new Set(values.Activities)];
  return {
    ...(id === undefined ? {} : { WearerEquipmentID: id }),
    EquipmentName: values.EquipmentName.trim(),
    EquipmentType: values.EquipmentType,
    VesselType:
      values.EquipmentType === 'VESSEL' && values.VesselType !== '' ? values.VesselType : null,
    Brand: optionalText(values.Brand),
    Model: optionalText(values.Model),
    Colour: optionalText(values.Colour),
    OtherDetails: optionalText(values.OtherDetails),
    Activities: activities,
    ActivitiesInUse: [...new Set(values.ActivitiesInUse)].filter((t) => activities.includes(t)),
  };
}
