import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../../ui/forms/FormMessage';
import type { AuthErrorAction, AuthErrorView } from '../authErrors';

const ACTION_LINKS: Record<
  Exclude<AuthErrorAction, 'contactSupport'>,
  { to: string; key: string }
> = {
  forgotPassword: { to: '/auth/forgot-password', key: 'Auth.Actions.ForgotPassword' },
  createAccount: { to: '/auth/create-account', key: 'Auth.Actions.CreateAccount' },
  login: { to: '/auth/login', key: 'Auth.Actions.Login' },
};

/** Shows an auth error from the catalogue (spec §8) with its actions. */
export function AuthErrorMessage({
  view,
  supportHref,
}: {
  readonly view: AuthErrorView;
  readonly supportHref?: string | null;
}) {
  const { t } = useTranslation();
  const actions = view.actions.flatMap((action) => {
    if (action === 'contactSupport') {
      return supportHref
        ? [
            <a key={action} href={supportHref} target="_blank" rel="noopener noreferrer">
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
