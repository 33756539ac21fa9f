import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { decodeShareTokenClaims } from '../../../api/entities/share';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  selectSharedView,
  sharedViewClosed,
  sharedViewRequested,
  type SharedView,
} from '../../../store/shares/sharedViewsSlice';
import { selectThemePreference } from '../../../store/slices/preferencesSlice';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { usePageBrand } from '../../../ui/theme/pageBrand';
import { useBrand } from '../../../ui/theme/useBrand';
import { useColorScheme } from '../../../ui/theme/useColorScheme';

/**
 * Opens the share link of the route (`:shareToken`, optional `totp` query value, spec app §2) on mount
 * and follows it until the page closes; shows loading, goes to /share-not-found for a link that shows
 * nothing, offers a retry when the server could not be reached, and otherwise renders `children` with
 * the loaded view — when `usable(view)` holds (e.g. it is an activity share), else the retry too.
 * While open, the page wears the brand of the wearer's client: its colours, and its logo in the header.
 */
export function SharedViewGate({
  usable,
  children,
}: {
  usable: (view: SharedView) => boolean;
  children: (view: SharedView, shareToken: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { shareToken = '' } = useParams();
  const [params] = useSearchParams();
  const totp = params.get('totp');
  useEffect(() => {
    dispatch(sharedViewRequested({ ShareToken: shareToken, ...(totp ? { ShareTotp: totp } : {}) }));
    return () => {
      dispatch(sharedViewClosed({ ShareToken: shareToken }));
    };
  }, [dispatch, shareToken, totp]);
  const view = useAppSelector((state) => selectSharedView(state, shareToken));
  // The wearer's client's brand, once it answered (issue 8 item 2).
  const scheme = useColorScheme(useAppSelector(selectThemePreference));
  useBrand(view?.Brand ?? null, scheme);
  // …and its logo in the header, served by the token's server.
  const c2Url = useMemo(() => decodeShareTokenClaims(shareToken)?.C2Url ?? null, [shareToken]);
  usePageBrand(
    view?.Brand && c2Url !== null ? { origin: c2Url, brandId: view.Brand.BrandID } : null,
  );

  if (!view || view.status === 'loading') return <LoadingScreen label={t('Share.Loading')} />;
  if (view.status === 'notFound') return <Navigate to="/share-not-found" replace />;
  if (view.status === 'failed' || !usable(view)) {
    return (
      <section className="ll-status" role="alert">
        <h1>{t('Share.LoadFailed')}</h1>
        <button
          type="button"
          className="ll-button ll-button-primary"
          onClick={() => dispatch(sharedViewRequested({ ShareToken: shareToken }))}
        >
          {t('Share.Retry')}
        </button>
      </section>
    );
  }
  return children(view, shareToken);
}

/** The wearer's name as a share shows it ('' before it is known). */
export function wearerNameOf(view: SharedView): string {
  return view.MemberDetails ? `${view.MemberDetails.NameFirst} ${view.MemberDetails.NameLast}` : '';
}
