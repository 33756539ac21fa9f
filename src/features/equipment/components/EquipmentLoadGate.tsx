import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  equipmentRequested,
  selectEquipmentReceived,
  selectEquipmentStatus,
} from '../../../store/entities/equipmentSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { LoadGate } from '../../../ui/feedback/LoadGate';

/**
 * Shows `children` once the equipment has been received (it is loaded after login, spec §7 GET
 * equipment); before that a loading status, or the load error with a retry.
 */
export function EquipmentLoadGate({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const received = useAppSelector(selectEquipmentReceived);
  const status = useAppSelector(selectEquipmentStatus);
  return (
    <LoadGate
      status={received ? 'ready' : status === 'failed' ? 'failed' : 'loading'}
      labels={{
        loading: t('Common.Loading'),
        failed: t('Equipment.LoadFailed'),
        retry: t('Equipment.Retry'),
      }}
      onRetry={() => dispatch(equipmentRequested())}
    >
      {children}
    </LoadGate>
  );
}
