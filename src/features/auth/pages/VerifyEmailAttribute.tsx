import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { safeReturnPath } from '../../../ui/routing/safeReturnPath';
import {
  emailAttributeCodeRequested,
  emailAttributeVerificationRequested,
  selectAccountFlows,
} from '../accountSlice';
import { CodeForm } from '../authForms';
import { loginErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * Login gating step 2 (spec §4) for a signed-in member whose e-mail is not verified: a code is sent to
 * it when the screen opens, and the member enters it; then on to the remembered route.
 */
export function VerifyEmailAttribute({ email }: { readonly email: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const flows = useAppSelector(selectAccountFlows);
  const fieldError = useFieldError();
  const form = useForm({ resolver: zodFormResolver(CodeForm), defaultValues: { code: '' } });
  const returnTo = safeReturnPath(params.get('returnTo'));

  useEffect(() => {
    dispatch(emailAttributeCodeRequested());
  }, [dispatch]);

  if (flows.emailAttributeVerify.status === 'done') {
    return (
      <FormMessage tone="success" actions={<Link to={returnTo}>{t('Auth.Actions.Continue')}</Link>}>
        {t('Auth.Notices.EmailVerified')}
      </FormMessage>
    );
  }
  return (
    <form
      className="ll-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          dispatch(emailAttributeVerificationRequested({ code: values.code }));
        })(event)
      }
    >
      <p>{t('Auth.VerifyEmail.Sent', { email })}</p>
      <TextField
        label={t('Auth.Fields.Code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.register('code')}
        error={fieldError(form.formState.errors.code)}
      />
      {flows.emailAttributeCode.error ? (
        <AuthErrorMessage view={loginErrorView(flows.emailAttributeCode.error)} />
      ) : null}
      {flows.emailAttributeVerify.error ? (
        <AuthErrorMessage view={loginErrorView(flows.emailAttributeVerify.error)} />
      ) : null}
      <SubmitButton busy={flows.emailAttributeVerify.status === 'pending'}>
        {t('Auth.VerifyEmail.Submit')}
      </SubmitButton>
      <button
        type="button"
        className="ll-link-button"
        disabled={flows.emailAttributeCode.status === 'pending'}
        onClick={() => dispatch(emailAttributeCodeRequested())}
      >
        {t('Auth.VerifyEmail.Resend')}
      </button>
    </form>
  );
}
