import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectIdentity } from '../../../store/session/sessionSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { ChangeEmailForm, CodeForm } from '../authForms';
import {
  emailChangeCodeRequested,
  emailChangeConfirmRequested,
  emailChangeRestarted,
  selectEmailChange,
} from '../emailChangeSlice';
import { useFieldError } from '../../../ui/forms/useFieldError';

/** /member/email (spec §2; §4 two-step e-mail change; §8 UpdateEmailNotAvailable, UpdateEmail_*). */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const identity = useAppSelector(selectIdentity);
  const flow = useAppSelector(selectEmailChange);
  const fieldError = useFieldError();
  const emailForm = useForm({
    resolver: zodFormResolver(ChangeEmailForm),
    defaultValues: { email: '', emailRepeat: '' },
  });
  const codeForm = useForm({ resolver: zodFormResolver(CodeForm), defaultValues: { code: '' } });
  useEffect(() => {
    dispatch(emailChangeRestarted());
  }, [dispatch]);

  const askingCode = flow.step === 'enterCode' || flow.step === 'confirming';
  return (
    <section className="ll-form-page" aria-labelledby="change-email-title">
      <h1 id="change-email-title">{t('Email.Title')}</h1>
      <p>{t('Email.Current', { email: identity?.email ?? '' })}</p>
      {flow.step === 'done' ? (
        <FormMessage tone="success">{t('Email.Changed', { email: flow.newEmail })}</FormMessage>
      ) : null}
      {!askingCode && flow.step !== 'done' ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void emailForm.handleSubmit((values) => {
              dispatch(emailChangeCodeRequested({ newEmail: values.email.trim() }));
            })(event)
          }
        >
          <TextField
            label={t('Email.NewEmail')}
            type="email"
            autoComplete="email"
            {...emailForm.register('email')}
            error={fieldError(emailForm.formState.errors.email)}
          />
          <TextField
            label={t('Email.NewEmailRepeat')}
            type="email"
            autoComplete="email"
            {...emailForm.register('emailRepeat')}
            error={fieldError(emailForm.formState.errors.emailRepeat)}
          />
          {flow.errorKey ? <FormMessage tone="error">{t(flow.errorKey)}</FormMessage> : null}
          <SubmitButton busy={flow.step === 'sendingCode'}>{t('Email.SendCode')}</SubmitButton>
        </form>
      ) : null}
      {askingCode ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void codeForm.handleSubmit((values) => {
              dispatch(emailChangeConfirmRequested({ code: values.code }));
            })(event)
          }
        >
          <FormMessage tone="info">{t('Email.CodeSent', { email: flow.newEmail })}</FormMessage>
          <TextField
            label={t('Auth.Fields.Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...codeForm.register('code')}
            error={fieldError(codeForm.formState.errors.code)}
          />
          {flow.errorKey ? <FormMessage tone="error">{t(flow.errorKey)}</FormMessage> : null}
          <SubmitButton busy={flow.step === 'confirming'}>{t('Email.Confirm')}</SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
