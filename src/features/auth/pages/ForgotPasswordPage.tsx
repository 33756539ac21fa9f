import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import {
  accountFlowReset,
  passwordResetCodeRequested,
  passwordResetRequested,
  selectAccountFlows,
} from '../accountSlice';
import { ForgotPasswordEmailForm, ResetPasswordForm } from '../authForms';
import { loginErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * /auth/forgot-password (spec §2; policy §2 Forgot and Reset Password): request a code for the e-mail,
 * then set a new password with it (the code is valid for 1 hour).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const flows = useAppSelector(selectAccountFlows);
  const fieldError = useFieldError();
  const emailForm = useForm({
    resolver: zodFormResolver(ForgotPasswordEmailForm),
    defaultValues: { email: '' },
  });
  const resetForm = useForm({
    resolver: zodFormResolver(ResetPasswordForm),
    defaultValues: { code: '', password: '', passwordRepeat: '' },
  });
  useEffect(() => {
    dispatch(accountFlowReset('forgotPassword'));
    dispatch(accountFlowReset('resetPassword'));
  }, [dispatch]);

  const codeSent = flows.forgotPassword.status === 'done' && flows.resetEmail !== null;
  return (
    <section className="ll-form-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('Auth.ForgotPassword.Title')}</h1>
      {!codeSent ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void emailForm.handleSubmit((values) => {
              dispatch(passwordResetCodeRequested({ email: values.email.trim() }));
            })(event)
          }
        >
          <p>{t('Auth.ForgotPassword.Intro')}</p>
          <TextField
            label={t('Auth.Fields.Email')}
            type="email"
            autoComplete="username"
            {...emailForm.register('email')}
            error={fieldError(emailForm.formState.errors.email)}
          />
          {flows.forgotPassword.error ? (
            <AuthErrorMessage view={loginErrorView(flows.forgotPassword.error)} />
          ) : null}
          <SubmitButton busy={flows.forgotPassword.status === 'pending'}>
            {t('Auth.ForgotPassword.SendCode')}
          </SubmitButton>
        </form>
      ) : (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void resetForm.handleSubmit((values) => {
              dispatch(
                passwordResetRequested({
                  email: flows.resetEmail ?? '',
                  code: values.code,
                  password: values.password,
                }),
              );
            })(event)
          }
        >
          <FormMessage tone="info">
            {t('Auth.ForgotPassword.CodeSent', { email: flows.resetEmail })}
          </FormMessage>
          <TextField
            label={t('Auth.Fields.Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...resetForm.register('code')}
            error={fieldError(resetForm.formState.errors.code)}
          />
          <TextField
            label={t('Auth.Fields.NewPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('Auth.Fields.PasswordHint')}
            {...resetForm.register('password')}
            error={fieldError(resetForm.formState.errors.password)}
          />
          <TextField
            label={t('Auth.Fields.PasswordRepeat')}
            type="password"
            autoComplete="new-password"
            {...resetForm.register('passwordRepeat')}
            error={fieldError(resetForm.formState.errors.passwordRepeat)}
          />
          {flows.resetPassword.error ? (
            <AuthErrorMessage view={loginErrorView(flows.resetPassword.error)} />
          ) : null}
          <SubmitButton busy={flows.resetPassword.status === 'pending'}>
            {t('Auth.ForgotPassword.SetPassword')}
          </SubmitButton>
        </form>
      )}
      <p>
        <Link to="/auth/login">{t('Auth.Actions.BackToLogin')}</Link>
      </p>
    </section>
  );
}
