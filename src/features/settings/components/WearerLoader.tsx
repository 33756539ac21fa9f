import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wearer } from '../../../api/entities/member';
import {
  selectWearer,
  selectWearerStatus,
  wearerRequested,
} from '../../../store/entities/wearerSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';

/**
 * Renders `children` with the member's wearer record (spec §7 load-member-wearer, loaded after login);
 * a loading line until it arrives, or the load failure with a retry.
 */
export function WearerLoader({ children }: { readonly children: (wearer: Wearer) => ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const wearer = useAppSelector(selectWearer);
  const status = useAppSelector(selectWearerStatus);
  if (wearer) return children(wearer);
  if (status === 'failed') {
    return (
      <FormMessage
        tone="error"
        actions={
          <button
            type="button"
            className="ll-link-button"
            onClick={() => dispatch(wearerRequested())}
          >
            {t('Settings.Retry')}
          </button>
        }
      >
        {t('Settings.Errors.WearerLoadFailed')}
      </FormMessage>
    );
  }
  return (
    <p className="ll-muted" role="status">
      {t('Common.Loading')}
    </p>
  );
}
