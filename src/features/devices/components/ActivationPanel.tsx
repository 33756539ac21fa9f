import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectMember } from '../../../store/session/sessionSlice';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { pendingActivationRequested, selectDeviceActivation } from '../activationSlice';
import type { PendingActivation } from '../pendingActivation';
import { ActivationForm } from './ActivationForm';

export interface ActivationPanelProps {
  /** The IMEI and code the route's path carries, if any; they win over a pending QR activation. */
  readonly fromPath?: PendingActivation;
  readonly onActivated: () => void;
  readonly extraActions?: ReactNode;
}

const EMPTY: PendingActivation = { imei: '', code: '' };

/**
 * The activation form once its start values are known: the path's IMEI and code, else the activation
 * a QR code left pending in this browser (policy §1; it survives account creation), else empty. Waits
 * for the member (the member-integration API needs its DomainUrl) and for the pending activation to be
 * read back.
 */
export function ActivationPanel({ fromPath, onActivated, extraActions }: ActivationPanelProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const member = useAppSelector(selectMember);
  const { pending, pendingRestored } = useAppSelector(selectDeviceActivation);
  useEffect(() => {
    dispatch(pendingActivationRequested());
  }, [dispatch]);

  if (!member || !pendingRestored) return <LoadingScreen label={t('Common.Loading')} />;
  return (
    <ActivationForm
      initial={fromPath ?? pending ?? EMPTY}
      onActivated={onActivated}
      extraActions={extraActions}
    />
  );
}
