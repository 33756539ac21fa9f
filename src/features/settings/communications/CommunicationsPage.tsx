import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { WearerLoader } from '../components/WearerLoader';
import { settingsSaveReset } from '../settingsSlice';
import { CommunicationsFields } from './CommunicationsFields';
import '../settings.css';

/**
 * /member/communications (spec §2; policy §2 "Communication Settings", §3 "Communication
 * preferences"): the nine communication options of spec §3 as switches, and the marketing e-mail
 * opt-in. A failed save shows 'Set Member communications Error' with its detail (spec §8).
 */
export function CommunicationsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(settingsSaveReset('communications'));
  }, [dispatch]);

  return (
    <section className="ll-form-page ll-settings" aria-labelledby="communications-title">
      <h1 id="communications-title">{t('Titles.Communications')}</h1>
      <p>{t('Settings.Communications.Intro')}</p>
      <WearerLoader>
        {(wearer) => <CommunicationsFields key={wearer.WearerID} wearer={wearer} />}
      </WearerLoader>
    </section>
  );
}
