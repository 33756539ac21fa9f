import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ActivityType } from '../../../api/enums';
import { selectEquipmentById } from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { safeReturnPath } from '../../../ui/routing/safeReturnPath';
import { EquipmentItemForm } from '../components/EquipmentItemForm';
import { EquipmentLoadGate } from '../components/EquipmentLoadGate';
import { EquipmentNotFound } from '../components/EquipmentNotFound';
import { equipmentPaths, type EquipmentMode } from '../equipmentPaths';
import { equipmentScreenOpened, selectEquipmentUi } from '../equipmentUiSlice';
import '../equipment.css';

/** The path's `:EquipmentId`: `'new'`, a positive whole number, or null for anything else. */
export function parseEquipmentId(value: string | undefined): number | 'new' | null {
  if (value === 'new') return 'new';
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * The equipment item editor (spec §2 /member/equipment/{EquipmentId} and
 * /auth/registration-equipment/{EquipmentId}; `new` creates an item). `?activityType=` links a new item
 * to that activity type; `?returnTo=` (a safe in-app path) is where save, delete and Cancel go, else
 * the equipment list of the mode. An id that is not one of the member's items shows page-not-found.
 */
export function EquipmentItemPage({ mode }: { readonly mode: EquipmentMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const [search] = useSearchParams();
  const paths = equipmentPaths(mode);
  const id = parseEquipmentId(params.EquipmentId);
  const item = useAppSelector((state) =>
    typeof id === 'number' ? selectEquipmentById(state, id) : undefined,
  );
  const ui = useAppSelector(selectEquipmentUi);
  const navigate = useNavigate();
  // What this screen asked for: the store's progress may still be another screen's until reset.
  const [submitted, setSubmitted] = useState<'save' | 'delete' | null>(null);
  const returnTo = search.get('returnTo');
  const backTo = returnTo ? safeReturnPath(returnTo) : paths.list;
  useEffect(() => {
    dispatch(equipmentScreenOpened());
  }, [dispatch]);
  useEffect(() => {
    const done =
      (submitted === 'save' && ui.save === 'done') ||
      (submitted === 'delete' && ui.remove === 'done');
    if (done) void navigate(backTo);
  }, [submitted, ui.save, ui.remove, navigate, backTo]);

  const linkTo = ActivityType.safeParse(search.get('activityType'));
  if (id === null) return <EquipmentNotFound backTo={paths.list} />;
  return (
    <section className="ll-form-page ll-equipment" aria-labelledby="equipment-item-title">
      <h1 id="equipment-item-title">
        {t(id === 'new' ? 'Equipment.Item.NewTitle' : 'Equipment.Item.EditTitle')}
      </h1>
      <EquipmentLoadGate>
        {id === 'new' || item ? (
          <EquipmentItemForm
            key={id}
            item={item}
            initialActivityTypes={linkTo.success ? [linkTo.data] : []}
            backTo={backTo}
            onSubmitted={setSubmitted}
          />
        ) : submitted === 'delete' ? null : (
          <EquipmentNotFound backTo={paths.list} />
        )}
      </EquipmentLoadGate>
    </section>
  );
}
