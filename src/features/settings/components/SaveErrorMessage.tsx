import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../ui/forms/FormMessage';
import type { SaveError } from '../settingsSlice';

/**
 * A failed save: the translated message (spec §8, e.g. 'Set Member communications Error') and the
 * server's or identity service's detail under it, or a translated one (saveErrors.ts).
 */
export function SaveErrorMessage({ error }: { readonly error: SaveError }) {
  const { t } = useTranslation();
  return (
    <FormMessage tone="error">
      {t(error.key, error.params ?? {})}
      {error.detailKey || error.detail ? (
        <small className="ll-settings-detail">
          {error.detailKey
            ? t(error.detailKey)
            : t('Settings.Errors.Detail', { detail: error.detail })}
        </small>
      ) : null}
    </FormMessage>
  );
}
