import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../../ui/forms/FormMessage';
import type { AuthErrorAction, AuthErrorView } from '../authErrors';
import { useAppSelector } from '../../../store/hooks';
import { selectExternalLinks } from '../../../store/slices/runtimeConfigSlice';

const ACTION_LINKS: Record<
  Exclude<AuthErrorAction, 'contactSupport'>,
  { to: string; key: string }
> = {
  forgotPassword: { to: '/auth/forgot-password', key: 'Auth.Actions.ForgotPassword' },
  createAccount: { to: '/auth/create-account', key: 'Auth.Actions.CreateAccount' },
  login: { to: '/auth/login', key: 'Auth.Actions.Login' },
};

/**
 * Shows an auth error from the catalogue (spec §8) with its actions. The contact-support action
 * links to `supportHref` when given (the member's client), else to the deployment's contact page
 * (`/config.json` `links.contactUs`, as /contactus does), so a visitor without an account has it too.
 */
export function AuthErrorMessage({
  view,
  supportHref,
}: {
  readonly view: AuthErrorView;
  readonly supportHref?: string | null;
}) {
  const { t } = useTranslation();
  const contactUs = useAppSelector(selectExternalLinks)?.contactUs ?? null;
  const support = supportHref ?? contactUs;
  const actions = view.actions.flatMap((action) => {
    if (action === 'contactSupport') {
      return support
        ? [
            <a key={action} href={support} target="_blank" rel="noopener noreferrer">
              {t('Auth.Actions.ContactSupport')}
            </a>,
          ]
        : [];
    }
    const link = ACTION_LINKS[action];
    return [
      <Link key={action} to={link.to}>
        {t(link.key)}
      </Link>,
    ];
  });
  return (
    <FormMessage tone="error" actions={actions.length > 0 ? actions : undefined}>
      {view.key ? t(view.key) : view.raw}
    </FormMessage>
  );
}
