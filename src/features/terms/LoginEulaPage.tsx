import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { selectMemberClientStatus } from '../../store/client/clientSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { safeReturnPath } from '../../ui/routing/safeReturnPath';
import { FormMessage } from '../../ui/forms/FormMessage';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { selectTerms, termsAcceptanceRequested, termsDocumentsRequested } from './termsSlice';

/**
 * /auth/login-eula (spec §2, §4 gating step 4; policy §3 Legal documents): the client's EULA and
 * privacy policy in the member's language, an acceptance checkbox and the separate marketing opt-in.
 * `?updated=1` warns that the terms changed (Validations.LoginTermsUpdated). After acceptance the user
 * goes to the remembered route.
 */
export function LoginEulaPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const terms = useAppSelector(selectTerms);
  const clientStatus = useAppSelector(selectMemberClientStatus);
  const [accepted, setAccepted] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const returnTo = safeReturnPath(params.get('returnTo'));

  useEffect(() => {
    if (clientStatus === 'loaded') dispatch(termsDocumentsRequested());
  }, [dispatch, clientStatus]);
  useEffect(() => {
    if (terms.acceptance === 'done') void navigate(returnTo, { replace: true });
  }, [terms.acceptance, navigate, returnTo]);

  return (
    <section className="ll-form-page" aria-labelledby="eula-title">
      <h1 id="eula-title">{t('Terms.Title')}</h1>
      {params.get('updated') ? (
        <FormMessage tone="info">{t('Validations.LoginTermsUpdated')}</FormMessage>
      ) : null}
      {terms.documents === 'failed' ? (
        <FormMessage tone="error">{t('Terms.DocumentsFailed')}</FormMessage>
      ) : null}
      <article className="ll-document" aria-label={t('Terms.Eula')} tabIndex={0}>
        {terms.eula ?? t('Common.Loading')}
      </article>
      <article className="ll-document" aria-label={t('Terms.Privacy')} tabIndex={0}>
        {terms.privacy ?? t('Common.Loading')}
      </article>
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (accepted) dispatch(termsAcceptanceRequested({ marketing }));
        }}
      >
        <label className="ll-check">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
            }}
            aria-invalid={attempted && !accepted ? true : undefined}
          />
          {t('Terms.Accept')}
        </label>
        {attempted && !accepted ? (
          <small className="ll-field-error" role="alert">
            {t('Validations.Required')}
          </small>
        ) : null}
        <label className="ll-check">
          <input
            type="checkbox"
            checked={marketing}
            onChange={(event) => {
              setMarketing(event.target.checked);
            }}
          />
          {t('Terms.Marketing')}
        </label>
        {terms.errorKey ? <FormMessage tone="error">{t(terms.errorKey)}</FormMessage> : null}
        <SubmitButton busy={terms.acceptance === 'pending'}>{t('Terms.Continue')}</SubmitButton>
      </form>
    </section>
  );
}
