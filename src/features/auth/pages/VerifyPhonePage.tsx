import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FIRST_REGISTRATION_STEP } from '../../../store/registration/registrationSteps';
import { safeReturnPath } from '../../../ui/routing/safeReturnPath';
import { selectIdentity } from '../../../store/session/sessionSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import {
  accountFlowReset,
  phoneCodeRequested,
  phoneVerificationRequested,
  selectAccountFlows,
} from '../accountSlice';
import { CodeForm, PhoneForm } from '../authForms';
import { loginErrorView } from '../authErrors';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

/**
 * /auth/verify-phone-number (spec §2, §4 sign-up order and login gating step 3): the member's mobile
 * number, saved with a + prefix, then the 6-digit code texted to it. Then on to the registration
 * EULA (`?registration=1`, sign-up order) or the login EULA screen with the remembered route.
 */
export function VerifyPhonePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const identity = useAppSelector(selectIdentity);
  const flows = useAppSelector(selectAccountFlows);
  const fieldError = useFieldError();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  // In the sign-up order the EULA of registration follows; at login, gating step 4's screen.
  const next =
    params.get('registration') === '1'
      ? FIRST_REGISTRATION_STEP
      : `/auth/login-eula?returnTo=${encodeURIComponent(returnTo)}`;
  const phoneForm = useForm({
    resolver: zodFormResolver(PhoneForm),
    defaultValues: { phone: identity?.phoneNumber ?? '' },
  });
  const codeForm = useForm({ resolver: zodFormResolver(CodeForm), defaultValues: { code: '' } });
  useEffect(() => {
    dispatch(accountFlowReset('phoneCode'));
    dispatch(accountFlowReset('phoneVerify'));
  }, [dispatch]);

  const verified = flows.phoneVerify.status === 'done' || identity?.phoneNumberVerified === true;
  const codeSent = flows.phoneCode.status === 'done';
  return (
    <section className="ll-form-page" aria-labelledby="verify-phone-title">
      <h1 id="verify-phone-title">{t('Auth.VerifyPhone.Title')}</h1>
      {verified ? (
        <FormMessage tone="success" actions={<Link to={next}>{t('Auth.Actions.Continue')}</Link>}>
          {t('Auth.Notices.PhoneVerified', { phone: identity?.phoneNumber ?? flows.phoneNumber })}
        </FormMessage>
      ) : null}
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void phoneForm.handleSubmit((values) => {
            dispatch(phoneCodeRequested({ phoneNumber: values.phone }));
          })(event)
        }
      >
        <p>{t('Auth.VerifyPhone.Intro')}</p>
        <TextField
          label={t('Auth.Fields.Phone')}
          type="tel"
          autoComplete="tel"
          {...phoneForm.register('phone')}
          error={fieldError(phoneForm.formState.errors.phone)}
        />
        {flows.phoneCode.error ? (
          <AuthErrorMessage view={loginErrorView(flows.phoneCode.error)} />
        ) : null}
        <SubmitButton busy={flows.phoneCode.status === 'pending'}>
          {codeSent ? t('Auth.VerifyPhone.SendAgain') : t('Auth.VerifyPhone.SendCode')}
        </SubmitButton>
      </form>
      {codeSent && !verified ? (
        <form
          className="ll-form"
          noValidate
          onSubmit={(event) =>
            void codeForm.handleSubmit((values) => {
              dispatch(phoneVerificationRequested({ code: values.code }));
            })(event)
          }
        >
          <FormMessage tone="info">
            {t('Auth.VerifyPhone.CodeSent', { phone: flows.phoneNumber })}
          </FormMessage>
          <TextField
            label={t('Auth.Fields.Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...codeForm.register('code')}
            error={fieldError(codeForm.formState.errors.code)}
          />
          {flows.phoneVerify.error ? (
            <AuthErrorMessage view={loginErrorView(flows.phoneVerify.error)} />
          ) : null}
          <SubmitButton busy={flows.phoneVerify.status === 'pending'}>
            {t('Auth.VerifyPhone.Verify')}
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
