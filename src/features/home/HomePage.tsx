import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/session/sessionSlice';
import { useExternalTarget } from '../../store/useExternalTarget';
import { ButtonLink } from '../../ui/layout/ButtonLink';

/**
 * Home (spec application-behaviour §2 "/ and /home"; policy §2 "Home, with activate, find out more and
 * shop buttons"). A signed-in member goes to the dashboard instead ("Root goes to the dashboard if
 * authenticated … Home goes to the dashboard if already authenticated").
 */
export function HomePage() {
  const { t } = useTranslation();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const findOutMore = useExternalTarget('/findoutmore');
  const shop = useExternalTarget('/shop');
  if (authenticated) return <Navigate to="/member" replace />;
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
        <ButtonLink to="/member/activate-device" variant="primary">
          {t('Home.Activate')}
        </ButtonLink>
        {findOutMore ? (
          <ButtonLink to={findOutMore.href} external newTab={findOutMore.newTab}>
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
