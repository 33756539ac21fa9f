import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/layout/ButtonLink';
import { StatusScreen } from '../../ui/layout/StatusScreen';

/** Any path no route claims (spec application-behaviour §2: "Any other path shows a page-not-found"). */
export function PageNotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('Errors.PageNotFound.Title')}
      message={t('Errors.PageNotFound.Message')}
      actions={
        <ButtonLink to="/" variant="primary">
          {t('Errors.PageNotFound.GoHome')}
        </ButtonLink>
      }
    />
  );
}
