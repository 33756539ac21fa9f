import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  equipmentRequested,
  selectEquipmentReceived,
  selectEquipmentStatus,
} from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';

/**
 * Shows `children` once the equipment has been received (it is loaded after login, spec §7 GET
 * equipment); before that a loading status, or the load error with a retry.
 */
export function EquipmentLoadGate({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const received = useAppSelector(selectEquipmentReceived);
  const status = useAppSelector(selectEquipmentStatus);
  if (received) return children;
  if (status === 'failed') {
    return (
      <FormMessage
        tone="error"
        actions={
          <button
            type="button"
            className="ll-link-button"
            onClick={() => dispatch(equipmentRequested())}
          >
            {t('Equipment.Retry')}
          </button>
        }
      >
        {t('Equipment.LoadFailed')}
      </FormMessage>
    );
  }
  return <p role="status">{t('Common.Loading')}</p>;
}
