import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useExternalTarget } from '../../store/useExternalTarget';
import { StatusScreen } from '../../ui/layout/StatusScreen';

/**
 * The external redirect routes (/contactus, /help, /findoutmore, /shop; spec application-behaviour §2).
 * Links inside the app point straight at the external URL (with target=_blank for the new-tab ones);
 * this page handles a direct visit of the path, which replaces the app with the external site, since a
 * browser blocks a new tab the user did not click for.
 */
export function ExternalRedirectPage({ path }: { readonly path: string }) {
  const { t } = useTranslation();
  const target = useExternalTarget(path);
  const href = target?.href;
  useEffect(() => {
    if (href) window.location.replace(href);
  }, [href]);
  return (
    <StatusScreen
      title={t('Common.Redirecting')}
      actions={target ? <a href={target.href}>{target.href}</a> : null}
    />
  );
}
