import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
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
import { parseForm, type KeyedFieldErrors } from '../../../ui/forms/zodFieldErrors';
import { LoginForm } from '../loginForm';
import { loginErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/** Notices other screens send to the login screen (`?notice=`), spec §8 success messages. */
const NOTICES = new Set(['EmailVerified', 'PasswordReset', 'LoggedOut']);

type LoginField = keyof LoginForm;

/**
 * /auth/login (spec §2): e-mail and password, the login error catalogue of §8.
 *
 * The form keeps its two fields in React state and validates with {@link parseForm}, not
 * react-hook-form: the login route's JavaScript has a budget (issue 7: 170 KiB gzipped), and the
 * library (14 KiB of it) is the one part this two-field form can do without. It behaves as the
 * other forms do with react-hook-form's defaults: validated on submit, then on every change; the
 * first invalid field gets the focus (docs/decisions.md "Login route JS").
 */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useAppSelector(selectSessionStatus);
  const error = useAppSelector(selectSignInError);
  const fieldError = useFieldError();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  // Null until the first submit: the fields are validated from then on, as they change.
  const [errors, setErrors] = useState<KeyedFieldErrors | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors !== null) {
      const result = parseForm(LoginForm, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const result = parseForm(LoginForm, values);
    if (!result.ok) {
      setErrors(result.errors);
      // The service's answer to the last attempt no longer speaks of what is on screen.
      if (error) dispatch(signInErrorDismissed());
      // The first invalid field gets the focus.
      (result.errors.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    dispatch(
      signInRequested({ email: result.values.email.trim(), password: result.values.password }),
    );
  };
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
      <form className="ll-form" noValidate onSubmit={submit}>
        <TextField
          label={t('Auth.Fields.Email')}
          type="email"
          autoComplete="username"
          name="email"
          ref={emailInput}
          value={values.email}
          onChange={change('email')}
          error={fieldError(errors?.email)}
        />
        <TextField
          label={t('Auth.Fields.Password')}
          type="password"
          autoComplete="current-password"
          name="password"
          ref={passwordInput}
          value={values.password}
          onChange={change('password')}
          error={fieldError(errors?.password)}
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
