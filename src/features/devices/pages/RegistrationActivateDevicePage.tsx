import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { nextRegistrationPath } from '../../../store/registration/registrationSteps';
import { ActivationPanel } from '../components/ActivationPanel';

const NEXT_STEP = nextRegistrationPath('/auth/registration-activate-device');

/**
 * /auth/registration-activate-device (app §2, §4 "Sign-up order": device activation after contacts):
 * the activation form, pre-filled from a pending QR activation; after activating, or "Skip for now"
 * for a member who does not have the device yet, the next registration step.
 */
export function RegistrationActivateDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onActivated = useCallback(() => {
    void navigate(NEXT_STEP);
  }, [navigate]);
  return (
    <section className="ll-form-page" aria-labelledby="registration-activate-title">
      <h1 id="registration-activate-title">{t('Titles.RegistrationActivateDevice')}</h1>
      <p>{t('Devices.Activation.RegistrationIntro')}</p>
      <ActivationPanel
        onActivated={onActivated}
        extraActions={
          <Link className="ll-button" to={NEXT_STEP}>
            {t('Devices.Activation.Skip')}
          </Link>
        }
      />
    </section>
  );
}
