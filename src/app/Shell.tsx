import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  notificationDismissed,
  selectNotifications,
} from '../store/notifications/notificationsSlice';
import { selectIdentity, selectMember, selectSessionStatus } from '../store/session/sessionSlice';
import {
  selectThemePreference,
  themePreferenceChanged,
  type ThemePreference,
} from '../store/slices/preferencesSlice';
import { selectUnitOverrides, unitPresetChosen } from '../store/units/unitPreferenceSlice';
import { presetOf, UNIT_PRESETS } from '../store/units/unitPresets';
import { useExternalTarget } from '../store/useExternalTarget';
import { Toasts } from '../ui/feedback/Toasts';
import { AppLayout } from '../ui/layout/AppLayout';
import { ButtonLink } from '../ui/layout/ButtonLink';
import { SelectControl } from '../ui/layout/SelectControl';
import { applyThemePreference } from '../ui/theme/brand';
import { BrandLogo } from '../ui/theme/BrandLogo';
import { PageBrandContext, type PageBrand } from '../ui/theme/pageBrand';
import { useBrand } from '../ui/theme/useBrand';
import { useColorScheme } from '../ui/theme/useColorScheme';
import { selectMemberClient } from '../store/client/clientSlice';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, matchLanguage } from './languages';
import { InactivityWarning } from '../features/session';
import { useRouteMetas } from './routeTable';
import { RouteGuard } from './RouteGuard';

function FooterLink({ path, labelKey }: { readonly path: string; readonly labelKey: string }) {
  const { t } = useTranslation();
  const target = useExternalTarget(path);
  if (!target) return null;
  return (
    <ButtonLink to={target.href} external newTab={target.newTab} variant="plain">
      {t(labelKey)}
    </ButtonLink>
  );
}

/** Log in, or who is signed in and log out (policy §2 common menu: Login, Logout). */
function SessionLinks() {
  const { t } = useTranslation();
  const identity = useAppSelector(selectIdentity);
  const status = useAppSelector(selectSessionStatus);
  if (status === 'unknown') return null;
  if (!identity) {
    return (
      <nav className="ll-header-nav" aria-label={t('Menu.Account')}>
        <Link to="/auth/login">{t('Menu.Login')}</Link>
      </nav>
    );
  }
  return (
    <nav className="ll-header-nav" aria-label={t('Menu.Account')}>
      <span>{t('Menu.SignedInAs', { name: identity.nameFirst || identity.email })}</span>
      <Link to="/member">{t('Menu.Dashboard')}</Link>
      <Link to="/auth/logout">{t('Menu.Logout')}</Link>
    </nav>
  );
}

/** The store's notifications, translated (spec §8 notices). */
function Notifications() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  return (
    <Toasts
      items={notifications.map((n) => ({ id: n.id, tone: n.tone, text: t(n.key, n.params ?? {}) }))}
      closeLabel={t('Common.Close')}
      onClose={(id) => dispatch(notificationDismissed({ id }))}
    />
  );
}

/**
 * The header's Units select (issue 7 item 6; docs/decisions.md "Units preference"): presets of the
 * quantity units for everyone, guardians on a share page included. "Custom" shows only while the
 * units page's one-by-one choices match no preset; choosing it changes nothing.
 */
function UnitsPresetSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = presetOf(useAppSelector(selectUnitOverrides));
  const options = [
    { value: 'default' as const, label: t('Settings.Units.Presets.default') },
    ...UNIT_PRESETS.map((preset) => ({
      value: preset,
      label: t(`Settings.Units.Presets.${preset}`),
    })),
    ...(current === 'custom'
      ? [{ value: 'custom' as const, label: t('Settings.Units.Presets.custom') }]
      : []),
  ];
  return (
    <SelectControl
      label={t('Settings.Units.Label')}
      value={current}
      options={options}
      onChange={(preset) => {
        if (preset !== 'custom') dispatch(unitPresetChosen({ preset }));
      }}
    />
  );
}

/** The frame around every page: header, language, theme and units pickers, footer links, title. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectThemePreference);
  const metas = useRouteMetas();
  const titleKey = [...metas]
    .reverse()
    .map((m) => m.titleKey)
    .find(Boolean);
  const title = titleKey ? t(titleKey) : '';
  const appName = t('Common.AppName');
  const ownTitle = metas.some((m) => m.ownTitle === true);
  const ownBrand = metas.some((m) => m.ownBrand === true);
  // The member's client's brand (spec §1: branded per client), except on a page showing another's.
  const memberBrand = useAppSelector(selectMemberClient)?.Brand ?? null;
  const domainUrl = useAppSelector(selectMember)?.DomainUrl ?? null;
  const scheme = useColorScheme(theme);
  useBrand(ownBrand ? null : memberBrand, scheme);
  // A page showing another client's brand (a share link's) names it: its logo is shown then.
  const [pageBrand, setPageBrand] = useState<PageBrand | null>(null);
  const logo =
    ownBrand && pageBrand ? (
      <BrandLogo origin={pageBrand.origin} brandId={pageBrand.brandId} scheme={scheme} />
    ) : !ownBrand && memberBrand && domainUrl ? (
      <BrandLogo origin={domainUrl} brandId={memberBrand.BrandID} scheme={scheme} />
    ) : (
      <span className="ll-brand-mark" aria-hidden="true" />
    );

  useEffect(() => {
    // The shared-activity route names its page after the wearer (spec §2: the exception).
    if (ownTitle) return;
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName, ownTitle]);
  useEffect(() => {
    applyThemePreference(document.documentElement, theme);
  }, [theme]);

  const themeOptions: { value: ThemePreference; label: string }[] = [
    { value: 'system', label: t('Settings.ThemeSystem') },
    { value: 'light', label: t('Settings.ThemeLight') },
    { value: 'dark', label: t('Settings.ThemeDark') },
  ];
  return (
    <AppLayout
      brand={
        <Link className="ll-brand" to="/">
          {logo}
          {appName}
        </Link>
      }
      tools={
        <>
          <SessionLinks />
          <SelectControl
            label={t('Settings.Language')}
            value={matchLanguage(i18n.resolvedLanguage)}
            options={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
            onChange={(lng) => void i18n.changeLanguage(lng)}
          />
          <SelectControl
            label={t('Settings.Theme')}
            value={theme}
            options={themeOptions}
            onChange={(value) => dispatch(themePreferenceChanged(value))}
          />
          <UnitsPresetSelect />
        </>
      }
      footer={
        <>
          <FooterLink path="/help" labelKey="Menu.Help" />
          <FooterLink path="/contactus" labelKey="Menu.ContactUs" />
          <FooterLink path="/findoutmore" labelKey="Menu.FindOutMore" />
          <FooterLink path="/shop" labelKey="Menu.Shop" />
        </>
      }
    >
      <Notifications />
      <InactivityWarning />
      <RouteGuard>
        <PageBrandContext.Provider value={setPageBrand}>
          <Outlet />
        </PageBrandContext.Provider>
      </RouteGuard>
    </AppLayout>
  );
}
