import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CountryCode } from '../../../api/enums';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SelectField } from '../../../ui/forms/SelectField';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { TextField } from '../../../ui/forms/TextField';
import { zodFormResolver } from '../../../ui/forms/zodFormResolver';
import { CreateAccountForm, type CreateAccountFormInput } from '../authForms';
import { EMAIL_NOT_AVAILABLE, loginErrorView } from '../authErrors';
import { accountCreationRequested, authFlowReset, selectCreateAccountFlow } from '../authSlice';
import { AuthErrorMessage } from '../components/AuthErrorMessage';
import { useFieldError } from '../../../ui/forms/useFieldError';

const EMPTY: CreateAccountFormInput = {
  nameFirst: '',
  nameLast: '',
  country: '' as CreateAccountFormInput['country'],
  subRegion: '',
  email: '',
  password: '',
  passwordRepeat: '',
};

/**
 * /auth/create-account (spec §2; policy §2: name, country, sub-region, email, password). The e-mail's
 * availability is checked before sign-up; `?restart=1` explains that an unfinished registration must be
 * restarted (spec §8 AccountNotVerifiedRestart).
 */
export function CreateAccountPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const flow = useAppSelector(selectCreateAccountFlow);
  const fieldError = useFieldError();
  const form = useForm({ resolver: zodFormResolver(CreateAccountForm), defaultValues: EMPTY });
  const errors = form.formState.errors;

  useEffect(() => {
    dispatch(authFlowReset('createAccount'));
  }, [dispatch]);

  const view =
    flow.error === null
      ? null
      : flow.error.code === 'EmailNotAvailable' || flow.error.code === 'UsernameExistsException'
        ? EMAIL_NOT_AVAILABLE
        : loginErrorView(flow.error);
  const countries = CountryCode.options
    .map((code) => ({ value: code, label: t(`Countries.${code}`) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <section className="ll-form-page" aria-labelledby="create-title">
      <h1 id="create-title">{t('Auth.CreateAccount.Title')}</h1>
      {params.get('restart') ? (
        <FormMessage tone="info">{t('Auth.Errors.AccountNotVerifiedRestart')}</FormMessage>
      ) : null}
      <form
        className="ll-form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => {
            dispatch(
              accountCreationRequested({
                email: values.email.trim(),
                password: values.password,
                nameFirst: values.nameFirst.trim(),
                nameLast: values.nameLast.trim(),
                country: values.country,
                subRegion: values.subRegion.trim(),
              }),
            );
          })(event)
        }
      >
        <TextField
          label={t('Auth.Fields.NameFirst')}
          autoComplete="given-name"
          {...form.register('nameFirst')}
          error={fieldError(errors.nameFirst)}
        />
        <TextField
          label={t('Auth.Fields.NameLast')}
          autoComplete="family-name"
          {...form.register('nameLast')}
          error={fieldError(errors.nameLast)}
        />
        <SelectField
          label={t('Auth.Fields.Country')}
          placeholder={t('Auth.Fields.CountryChoose')}
          options={countries}
          {...form.register('country')}
          error={fieldError(errors.country)}
        />
        <TextField
          label={t('Auth.Fields.SubRegion')}
          autoComplete="address-level1"
          {...form.register('subRegion')}
          error={fieldError(errors.subRegion)}
        />
        <TextField
          label={t('Auth.Fields.Email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(errors.email)}
        />
        <TextField
          label={t('Auth.Fields.Password')}
          type="password"
          autoComplete="new-password"
          hint={t('Auth.Fields.PasswordHint')}
          {...form.register('password')}
          error={fieldError(errors.password)}
        />
        <TextField
          label={t('Auth.Fields.PasswordRepeat')}
          type="password"
          autoComplete="new-password"
          {...form.register('passwordRepeat')}
          error={fieldError(errors.passwordRepeat)}
        />
        {view ? <AuthErrorMessage view={view} /> : null}
        <SubmitButton busy={flow.status === 'pending'}>
          {t('Auth.CreateAccount.Submit')}
        </SubmitButton>
      </form>
      <p>
        {t('Auth.CreateAccount.HaveAccount')}{' '}
        <Link to="/auth/login">{t('Auth.Actions.Login')}</Link>
      </p>
    </section>
  );
}
