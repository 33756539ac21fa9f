import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../../../ui/feedback/FailureMessage';
import type { SaveError } from '../settingsSlice';

/**
 * A failed save: the translated message (spec §8, e.g. 'Set Member communications Error') and the
 * server's or identity service's detail under it, or a translated one (src/store/failureDetail.ts).
 */
export function SaveErrorMessage({ error }: { readonly error: SaveError }) {
  const { t } = useTranslation();
  const detail = error.detailKey
    ? { detailKey: error.detailKey }
    : error.detail
      ? { detail: error.detail }
      : null;
  return <FailureMessage message={t(error.key, error.params ?? {})} detail={detail} />;
}
