import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { safeReturnPath } from '../../../ui/routing/safeReturnPath';
import {
  memberRetryRequested,
  selectMemberError,
  selectSessionStatus,
  selectSignInError,
  signInErrorDismissed,
  signInRequested,
} from '../../../store/session/sessionSlice';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { LoginForm } from '../authForms';
import { loginErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/** Notices other screens send to the login screen (`?notice=`), spec §8 success messages. */
const NOTICES = new Set(['EmailVerified', 'PasswordReset', 'LoggedOut']);

/** /auth/login (spec §2): e-mail and password, the login error catalogue of §8. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useAppSelector(selectSessionStatus);
  const error = useAppSelector(selectSignInError);
  const fieldError = useFieldError();
  const form = useForm({
    resolver: zodFormResolver(LoginForm),
    defaultValues: { email: '', password: '' },
  });
  const view = error ? loginErrorView(error) : null;
  const notice = params.get('notice');
  const returnTo = safeReturnPath(params.get('returnTo'));

  useEffect(() => {
    if (status === 'signedIn') void navigate(returnTo, { replace: true });
  }, [status, navigate, returnTo]);
  useEffect(() => {
    if (view?.redirect === 'createAccount') {
      void navigate('/auth/create-account?restart=1', { replace: true });
    }
  }, [view?.redirect, navigate]);
  useEffect(
    () => () => {
      dispatch(signInErrorDismissed());
    },
    [dispatch],
  );

  const memberError = useAppSelector(selectMemberError);
  const busy = status === 'signingIn' || (status === 'loadingMember' && memberError === null);
  return (
    <section className="ll-form-page" aria-labelledby="login-title">
      <h1 id="login-title">{t('Auth.Login.Title')}</h1>
      {notice && NOTICES.has(notice) ? (
        <FormMessage tone="success">{t(`Auth.Notices.${notice}`)}</FormMessage>
      ) : null}
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            dispatch(signInRequested({ email: values.email.trim(), password: values.password }));
          })(event)
        }
      >
        <TextField
          label={t('Auth.Fields.Email')}
          type="email"
          autoComplete="username"
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
        <TextField
          label={t('Auth.Fields.Password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          error={fieldError(form.formState.errors.password)}
        />
        {view && !view.redirect ? <AuthErrorMessage view={view} /> : null}
        {memberError ? (
          <RetryMessage
            message={t('Errors.MemberLoadFailed')}
            retryLabel={t('Errors.NetworkError.RetryNow')}
            onRetry={() => dispatch(memberRetryRequested())}
          />
        ) : null}
        <SubmitButton busy={busy}>
          {busy ? t('Auth.Login.Busy') : t('Auth.Login.Submit')}
        </SubmitButton>
      </form>
      <p>
        <Link to="/auth/forgot-password">{t('Auth.Actions.ForgotPassword')}</Link>
        {' · '}
        <Link to="/auth/create-account">{t('Auth.Actions.CreateAccount')}</Link>
      </p>
    </section>
  );
}
