import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { StatusScreen } from '../../../ui/layout/StatusScreen';

/** The page-not-found text (spec §2) for an unknown item id or activity type in the path. */
export function EquipmentNotFound({ backTo }: { readonly backTo: string }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('Errors.PageNotFound.Title')}
      message={t('Errors.PageNotFound.Message')}
      actions={
        <ButtonLink to={backTo} variant="primary">
          {t('Equipment.ActivityType.Back')}
        </ButtonLink>
      }
    />
  );
}
