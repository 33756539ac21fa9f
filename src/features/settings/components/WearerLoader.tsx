import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wearer } from '../../../api/entities/member';
import {
  selectWearer,
  selectWearerStatus,
  wearerRequested,
} from '../../../store/entities/wearerSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { LoadGate } from '../../../ui/feedback/LoadGate';

/**
 * Renders `children` with the member's wearer record (spec §7 load-member-wearer, loaded after login);
 * a loading line until it arrives, or the load failure with a retry.
 */
export function WearerLoader({ children }: { readonly children: (wearer: Wearer) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const wearer = useAppSelector(selectWearer);
  const status = useAppSelector(selectWearerStatus);
  return (
    <LoadGate
      status={wearer ? 'ready' : status === 'failed' ? 'failed' : 'loading'}
      labels={{
        loading: t('Common.Loading'),
        failed: t('Settings.Errors.WearerLoadFailed'),
        retry: t('Settings.Retry'),
      }}
      onRetry={() => dispatch(wearerRequested())}
    >
      {wearer ? children(wearer) : null}
    </LoadGate>
  );
}
