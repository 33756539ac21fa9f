import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectIdentity, selectSessionStatus } from '../../../store/session/sessionSlice';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { ButtonLink } from '../../../ui/layout/ButtonLink';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';
import { pendingActivationRemembered } from '../activationSlice';
import { activateDeviceCodePath } from '../devicePaths';
import { isValidActivationPair } from '../pendingActivation';

/**
 * /activate/:imei/:code (app §2 "device QR activation; passes code and imei on"; policy §1, §2 QR-code
 * intro). A signed-in user goes straight to the member-area activation with the IMEI and code. Anyone
 * else sees the congratulations with Log in (returning to that activation) and Create account; the
 * IMEI and code are remembered in this browser so the registration's activation step is pre-filled.
 * An IMEI or code that breaks the contract's rules (15 digits, 6 digits) is said to be not valid.
 */
export function ActivateQrPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { imei = '', code = '' } = useParams();
  const status = useAppSelector(selectSessionStatus);
  const identity = useAppSelector(selectIdentity);
  const valid = isValidActivationPair(imei, code);
  const restoring = status === 'unknown' || status === 'signingIn';
  const signedOut = !restoring && identity === null;

  useEffect(() => {
    if (valid && signedOut) dispatch(pendingActivationRemembered({ imei, code }));
  }, [valid, signedOut, imei, code, dispatch]);

  if (!valid) {
    return (
      <section className="ll-form-page" aria-labelledby="activate-qr-title">
        <h1 id="activate-qr-title">{t('Titles.ActivateQr')}</h1>
        <FormMessage tone="error">{t('Devices.Qr.Invalid')}</FormMessage>
        <div className="ll-actions">
          <ButtonLink to="/">{t('Devices.Qr.GoHome')}</ButtonLink>
        </div>
      </section>
    );
  }
  const target = activateDeviceCodePath(imei, code);
  if (restoring) return <LoadingScreen label={t('Common.Loading')} />;
  if (identity) return <Navigate to={target} replace />;
  return (
    <section className="ll-hero" aria-labelledby="activate-qr-title">
      <h1 id="activate-qr-title">{t('Devices.Qr.Congratulations')}</h1>
      <p>{t('Devices.Qr.Finish')}</p>
      <p className="ll-muted">{t('Devices.Qr.Device', { imei })}</p>
      <div className="ll-actions">
        <ButtonLink to={`/auth/login?returnTo=${encodeURIComponent(target)}`} variant="primary">
          {t('Devices.Qr.Login')}
        </ButtonLink>
        <ButtonLink to="/auth/create-account">{t('Devices.Qr.CreateAccount')}</ButtonLink>
      </div>
    </section>
  );
}
