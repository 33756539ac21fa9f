import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ActivationPanel } from '../components/ActivationPanel';
import { DEVICES_PATH } from '../devicePaths';

/**
 * /member/activate-device and /member/activate-device-code/:imei/:code (app §2): the activation form,
 * pre-filled from the path's IMEI and code when it carries them (a QR code), else from a pending QR
 * activation; after activating, the devices list. The path's values are shown as they are: the form's
 * rules say when they are wrong.
 */
export function ActivateDevicePage({ titleKey }: { readonly titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { imei, code } = useParams();
  const onActivated = useCallback(() => {
    void navigate(DEVICES_PATH);
  }, [navigate]);
  const fromPath = imei !== undefined && code !== undefined ? { imei, code } : undefined;
  return (
    <section className="ll-form-page" aria-labelledby="activate-device-title">
      <h1 id="activate-device-title">{t(titleKey)}</h1>
      <p>{t('Devices.Activation.Intro')}</p>
      <ActivationPanel fromPath={fromPath} onActivated={onActivated} />
    </section>
  );
}
