import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectAllEquipment } from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { nextRegistrationPath } from '../../../store/registration/registrationSteps';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { ActivityTypesTab } from '../components/ActivityTypesTab';
import { EquipmentListTab } from '../components/EquipmentListTab';
import { EquipmentLoadGate } from '../components/EquipmentLoadGate';
import { EquipmentTabs } from '../components/EquipmentTabs';
import { QuickUpdateTab } from '../components/QuickUpdateTab';
import { REGISTRATION_EQUIPMENT_STEP, equipmentPaths, type EquipmentMode } from '../equipmentPaths';
import { equipmentScreenOpened } from '../equipmentUiSlice';
import '../equipment.css';

/** The tabs of the equipment screen (policy §2), as kept in `?tab=`. */
export const EQUIPMENT_TABS = ['equipment', 'activity-types', 'quick-update'] as const;
export type EquipmentTabId = (typeof EQUIPMENT_TABS)[number];

const tabOf = (value: string | null): EquipmentTabId =>
  EQUIPMENT_TABS.find((tab) => tab === value) ?? 'equipment';

/**
 * The equipment screen (spec §2 /member/equipment and /auth/registration-equipment; policy §2 tabs
 * Equipment and Activity Types, plus Quick Update). The selected tab is kept in `?tab=`. In the
 * sign-up order equipment is optional: Continue goes to the next step whether or not any was added.
 */
export function EquipmentListPage({ mode }: { readonly mode: EquipmentMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const equipment = useAppSelector(selectAllEquipment);
  const [params, setParams] = useSearchParams();
  const paths = equipmentPaths(mode);
  useEffect(() => {
    dispatch(equipmentScreenOpened());
  }, [dispatch]);

  return (
    <section className="ll-form-page ll-equipment" aria-labelledby="equipment-title">
      <h1 id="equipment-title">
        {t(mode === 'registration' ? 'Equipment.RegistrationTitle' : 'Equipment.Title')}
      </h1>
      {mode === 'registration' ? <p>{t('Equipment.RegistrationIntro')}</p> : null}
      <EquipmentLoadGate>
        <EquipmentTabs
          label={t('Equipment.Tabs.Label')}
          selected={tabOf(params.get('tab'))}
          onSelect={(tab) => {
            setParams(tab === 'equipment' ? {} : { tab }, { replace: true });
          }}
          tabs={[
            {
              id: 'equipment',
              label: t('Equipment.Tabs.Equipment'),
              panel: () => <EquipmentListTab equipment={equipment} paths={paths} />,
            },
            {
              id: 'activity-types',
              label: t('Equipment.Tabs.ActivityTypes'),
              panel: () => <ActivityTypesTab equipment={equipment} paths={paths} />,
            },
            {
              id: 'quick-update',
              label: t('Equipment.Tabs.QuickUpdate'),
              panel: () => <QuickUpdateTab equipment={equipment} />,
            },
          ]}
        />
      </EquipmentLoadGate>
      {mode === 'registration' ? (
        <div className="ll-actions">
          <ButtonLink to={nextRegistrationPath(REGISTRATION_EQUIPMENT_STEP)} variant="primary">
            {t('Equipment.Continue')}
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}
