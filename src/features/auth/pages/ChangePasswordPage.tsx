import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { accountFlowReset, passwordChangeRequested, selectAccountFlows } from '../accountSlice';
import { ChangePasswordForm } from '../authForms';
import { changePasswordErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/** /member/password (spec §2; §8 CurrentPasswordInvalid with a forgot-password action). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectAccountFlows).changePassword;
  const fieldError = useFieldError();
  const form = useForm({
    resolver: zodFormResolver(ChangePasswordForm),
    defaultValues: { current: '', password: '', passwordRepeat: '' },
  });
  useEffect(() => {
    dispatch(accountFlowReset('changePassword'));
  }, [dispatch]);
  useEffect(() => {
    if (flow.status === 'done') form.reset();
  }, [flow.status, form]);

  return (
    <section className="ll-form-page" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('Auth.ChangePassword.Title')}</h1>
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            dispatch(
              passwordChangeRequested({ current: values.current, password: values.password }),
            );
          })(event)
        }
      >
        <TextField
          label={t('Auth.Fields.CurrentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.register('current')}
          error={fieldError(form.formState.errors.current)}
        />
        <TextField
          label={t('Auth.Fields.NewPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('Auth.Fields.PasswordHint')}
          {...form.register('password')}
          error={fieldError(form.formState.errors.password)}
        />
        <TextField
          label={t('Auth.Fields.PasswordRepeat')}
          type="password"
          autoComplete="new-password"
          {...form.register('passwordRepeat')}
          error={fieldError(form.formState.errors.passwordRepeat)}
        />
        {flow.error ? <AuthErrorMessage view={changePasswordErrorView(flow.error)} /> : null}
        {flow.status === 'done' ? (
          <FormMessage tone="success">{t('Auth.Notices.PasswordChanged')}</FormMessage>
        ) : null}
        <SubmitButton busy={flow.status === 'pending'}>
          {t('Auth.ChangePassword.Submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
