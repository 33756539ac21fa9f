import { useTranslation } from 'react-i18next';
import { useExternalTarget } from '../../store/useExternalTarget';
import { ButtonLink } from '../../ui/layout/ButtonLink';

/**
 * Home (spec application-behaviour §2 "/ and /home"; policy §2 "Home, with activate, find out more and
 * shop buttons"). The sign-in and activation entries arrive with the identity and registration issues.
 */
export function HomePage() {
  const { t } = useTranslation();
  const findOutMore = useExternalTarget('/findoutmore');
  const shop = useExternalTarget('/shop');
  return (
    <section className="ll-hero" aria-labelledby="home-title">
      <h1 id="home-title">{t('Home.Headline')}</h1>
      <p>{t('Home.Intro')}</p>
      <ul className="ll-muted">
        <li>{t('Home.PointLive')}</li>
        <li>{t('Home.PointAlerts')}</li>
        <li>{t('Home.PointReplay')}</li>
      </ul>
      <div className="ll-actions">
        {findOutMore ? (
          <ButtonLink to={findOutMore.href} external newTab={findOutMore.newTab} variant="primary">
            {t('Home.FindOutMore')}
          </ButtonLink>
        ) : null}
        {shop ? (
          <ButtonLink to={shop.href} external newTab={shop.newTab}>
            {t('Home.Shop')}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
