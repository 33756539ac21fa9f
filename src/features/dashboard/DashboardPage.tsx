import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { selectAllDevices, selectDevicesReceived } from '../../store/entities/devicesSlice';
import { selectAllEquipment, selectEquipmentReceived } from '../../store/entities/equipmentSlice';
import { selectWearer } from '../../store/entities/wearerSlice';
import { useAppSelector } from '../../store/hooks';
import { selectMember } from '../../store/session/sessionSlice';
import { FormMessage } from '../../ui/forms/FormMessage';
import { dashboardPrompts } from './dashboardPrompts';
import './dashboard.css';

/** The member-area pages the dashboard links to, with their title keys (spec §2 member area). */
const MEMBER_PAGES = [
  { path: '/member/activities', titleKey: 'Titles.Activities' },
  { path: '/member/share-journey', titleKey: 'Titles.Journey' },
  { path: '/member/contacts', titleKey: 'Titles.Contacts' },
  { path: '/member/devices', titleKey: 'Titles.Devices' },
  { path: '/member/equipment', titleKey: 'Titles.Equipment' },
  { path: '/member/activity-types', titleKey: 'Titles.ActivityTypes' },
  { path: '/member/personal-details', titleKey: 'Titles.PersonalDetails' },
  { path: '/member/communications', titleKey: 'Titles.Communications' },
  { path: '/member/units', titleKey: 'Titles.Units' },
  { path: '/member/services-provided', titleKey: 'Titles.ServicesProvided' },
  { path: '/member/email', titleKey: 'Titles.ChangeEmail' },
  { path: '/member/password', titleKey: 'Titles.ChangePassword' },
  { path: '/member/eula', titleKey: 'Titles.Eula' },
] as const;

/**
 * The dashboard at /member (spec §2 "dashboard at the empty path (accepts a registrationComplete query
 * value)"; policy §2 "Dashboard, with prompts"): the welcome after the sign-up order, prompts for what
 * is still missing, and the way to every member page.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const member = useAppSelector(selectMember);
  const wearer = useAppSelector(selectWearer);
  const devices = useAppSelector(selectAllDevices);
  const devicesReceived = useAppSelector(selectDevicesReceived);
  const equipment = useAppSelector(selectAllEquipment);
  const equipmentReceived = useAppSelector(selectEquipmentReceived);
  const prompts = dashboardPrompts({
    devices: devicesReceived ? devices : null,
    equipment: equipmentReceived ? equipment : null,
    wearer,
  });
  const registrationComplete = params.get('registrationComplete') === 'true';
  return (
    <section className="ll-dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">
        {t('Dashboard.Greeting', { name: wearer?.NameFirst ?? member?.NameFirst ?? '' })}
      </h1>
      {registrationComplete ? (
        <FormMessage tone="success">{t('Dashboard.RegistrationComplete')}</FormMessage>
      ) : null}
      {prompts.length > 0 ? (
        <section aria-labelledby="dashboard-prompts">
          <h2 id="dashboard-prompts">{t('Dashboard.PromptsTitle')}</h2>
          <ul className="ll-dashboard-prompts">
            {prompts.map((prompt) => (
              <li key={prompt.key}>
                <strong>{t(`Dashboard.Prompts.${prompt.key}.Title`)}</strong>
                <p>{t(`Dashboard.Prompts.${prompt.key}.Text`)}</p>
                <Link className="ll-button ll-button-primary" to={prompt.path}>
                  {t(`Dashboard.Prompts.${prompt.key}.Action`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-labelledby="dashboard-pages">
        <h2 id="dashboard-pages">{t('Dashboard.PagesTitle')}</h2>
        <ul className="ll-dashboard-pages">
          {MEMBER_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{t(page.titleKey)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
