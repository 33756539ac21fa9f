import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequiredEmail } from '../../../api/validation';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectIdentity } from '../../../store/session/sessionSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { CodeForm } from '../authForms';
import { loginErrorView } from '../authErrors';
import {
  authFlowReset,
  emailConfirmationRequested,
  selectConfirmEmailFlow,
  selectPendingEmail,
  selectResendCodeFlow,
  signUpCodeResendRequested,
} from '../authSlice';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';
import { VerifyEmailAttribute } from './VerifyEmailAttribute';

/**
 * /auth/verify-email-address (spec §2, §4 sign-up order): the 6-digit code sent to the new account's
 * e-mail, with "send the code again". The e-mail comes from the sign-up just made, `?email=`, or is typed.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const pendingEmail = useAppSelector(selectPendingEmail);
  const identity = useAppSelector(selectIdentity);
  const confirm = useAppSelector(selectConfirmEmailFlow);
  const resend = useAppSelector(selectResendCodeFlow);
  const fieldError = useFieldError();
  const [email, setEmail] = useState(pendingEmail ?? params.get('email') ?? identity?.email ?? '');
  const emailValid = RequiredEmail.safeParse(email.trim()).success;
  const form = useForm({ resolver: zodFormResolver(CodeForm), defaultValues: { code: '' } });

  useEffect(() => {
    dispatch(authFlowReset('confirmEmail'));
    dispatch(authFlowReset('resendCode'));
  }, [dispatch]);

  if (identity && !identity.emailVerified) {
    return (
      <section className="ll-form-page" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title">{t('Auth.VerifyEmail.Title')}</h1>
        <VerifyEmailAttribute email={identity.email} />
      </section>
    );
  }
  return (
    <section className="ll-form-page" aria-labelledby="verify-email-title">
      <h1 id="verify-email-title">{t('Auth.VerifyEmail.Title')}</h1>
      <p>
        {emailValid
          ? t('Auth.VerifyEmail.Sent', { email: email.trim() })
          : t('Auth.VerifyEmail.EnterEmail')}
      </p>
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            if (emailValid)
              dispatch(emailConfirmationRequested({ email: email.trim(), code: values.code }));
          })(event)
        }
      >
        {pendingEmail ? null : (
          <TextField
            label={t('Auth.Fields.Email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
        )}
        <TextField
          label={t('Auth.Fields.Code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
          error={fieldError(form.formState.errors.code)}
        />
        {confirm.error ? <AuthErrorMessage view={loginErrorView(confirm.error)} /> : null}
        {confirm.status === 'done' ? (
          <FormMessage tone="success">{t('Auth.Notices.EmailVerified')}</FormMessage>
        ) : null}
        <SubmitButton busy={confirm.status === 'pending'}>
          {t('Auth.VerifyEmail.Submit')}
        </SubmitButton>
      </form>
      <p>
        <button
          type="button"
          className="ll-link-button"
          disabled={!emailValid || resend.status === 'pending'}
          onClick={() => dispatch(signUpCodeResendRequested({ email: email.trim() }))}
        >
          {t('Auth.VerifyEmail.Resend')}
        </button>
      </p>
      {resend.status === 'done' ? (
        <FormMessage tone="info">{t('Auth.VerifyEmail.Resent')}</FormMessage>
      ) : null}
      {resend.error ? <AuthErrorMessage view={loginErrorView(resend.error)} /> : null}
    </section>
  );
}
