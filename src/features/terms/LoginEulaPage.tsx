import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  memberClientReloadRequested,
  selectMemberClientStatus,
} from '../../store/client/clientSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { nextRegistrationPath } from '../../store/registration/registrationSteps';
import { selectMember } from '../../store/session/sessionSlice';
import { selectEffectiveUnits } from '../../store/units/effectiveUnits';
import { useFormatter } from '../../ui/format';
import { safeReturnPath } from '../../ui/routing/safeReturnPath';
import { FormMessage } from '../../ui/forms/FormMessage';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import {
  selectTerms,
  termsAcceptanceRequested,
  termsDocumentsRequested,
  termsPageOpened,
} from './termsSlice';
import { FailureMessage } from '../../ui/feedback/FailureMessage';
import { RetryMessage } from '../../ui/feedback/RetryMessage';

/**
 * Where the licence agreement is shown: gating step 4 (`login`, back to the remembered route after
 * acceptance), the sign-up order (`registration`, on to the next registration step) or the member
 * area (`member`, also for reading what was accepted).
 */
export type EulaMode = 'login' | 'registration' | 'member';

/**
 * /auth/login-eula, /auth/registration-eula and /member/eula (spec §2, §4 gating step 4 and sign-up
 * order; policy §3 Legal documents): the client's EULA and privacy policy in the member's language, an
 * acceptance checkbox and the separate marketing opt-in. `?updated=1` warns that the terms changed
 * (Validations.LoginTermsUpdated). After acceptance the user goes to the remembered route (login), the
 * next registration step (registration) or stays (member).
 */
export function LoginEulaPage({ mode = 'login' }: { readonly mode?: EulaMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const terms = useAppSelector(selectTerms);
  const clientStatus = useAppSelector(selectMemberClientStatus);
  const [accepted, setAccepted] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const member = useAppSelector(selectMember);
  const returnTo =
    mode === 'registration'
      ? nextRegistrationPath('/auth/registration-eula')
      : safeReturnPath(params.get('returnTo'));

  useEffect(() => {
    dispatch(termsPageOpened());
  }, [dispatch]);
  useEffect(() => {
    if (clientStatus === 'loaded') dispatch(termsDocumentsRequested());
  }, [dispatch, clientStatus]);
  useEffect(() => {
    if (terms.acceptance === 'done' && mode !== 'member')
      void navigate(returnTo, { replace: true });
  }, [terms.acceptance, navigate, returnTo, mode]);
  const acceptedAt = member?.TermsAcceptedTimestamp ?? null;
  // Without the client there are no documents to load (termsDocumentsRequested waits for it).
  const documentsFailed = terms.documents === 'failed' || clientStatus === 'failed';
  // The date in the member's time mode, as every other date (was the UTC date, a day off at times).
  const { format } = useFormatter(useAppSelector(selectEffectiveUnits));

  return (
    <section className="ll-form-page" aria-labelledby="eula-title">
      <h1 id="eula-title">{t('Terms.Title')}</h1>
      {params.get('updated') ? (
        <FormMessage tone="info">{t('Validations.LoginTermsUpdated')}</FormMessage>
      ) : null}
      {mode === 'member' && acceptedAt !== null ? (
        <FormMessage tone={terms.acceptance === 'done' ? 'success' : 'info'}>
          {t('Terms.AcceptedOn', { date: format.date(acceptedAt) })}
        </FormMessage>
      ) : null}
      {documentsFailed ? (
        <RetryMessage
          message={t('Terms.DocumentsFailed')}
          retryLabel={t('Terms.Retry')}
          onRetry={() => {
            // The documents come with the member's client: a failed client is loaded first.
            dispatch(
              clientStatus === 'failed' ? memberClientReloadRequested() : termsDocumentsRequested(),
            );
          }}
        />
      ) : null}
      <article className="ll-document" aria-label={t('Terms.Eula')} tabIndex={0}>
        {terms.eula ?? (documentsFailed ? null : t('Common.Loading'))}
      </article>
      <article className="ll-document" aria-label={t('Terms.Privacy')} tabIndex={0}>
        {terms.privacy ?? (documentsFailed ? null : t('Common.Loading'))}
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
        {terms.errorKey ? (
          <FailureMessage message={t(terms.errorKey)} detail={terms.errorDetail} />
        ) : null}
        <SubmitButton busy={terms.acceptance === 'pending'}>{t('Terms.Continue')}</SubmitButton>
      </form>
    </section>
  );
}
