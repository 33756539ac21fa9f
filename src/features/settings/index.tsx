import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';
import { ActivityTypesPage } from './activityTypes/ActivityTypesPage';
import { activityTypesSaveEpic } from './activityTypes/activityTypesEpics';
import { CommunicationsPage } from './communications/CommunicationsPage';
import { communicationsSaveEpic } from './communications/communicationsEpics';
import { PersonalDetailsPage } from './personalDetails/PersonalDetailsPage';
import { personalDetailsSaveEpic } from './personalDetails/personalDetailsEpics';
import { ServicesProvidedPage } from './services/ServicesProvidedPage';
import { servicesClientEpic } from './services/servicesEpics';

/**
 * The member settings (spec §2): favourite activity types (member and registration step), personal
 * details, communication settings and services provided (member area and auth area).
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: '/member/activity-types',
    element: <ActivityTypesPage />,
    handle: { titleKey: 'Titles.ActivityTypes', gated: true },
  },
  {
    path: '/auth/registration-activity-types',
    element: <ActivityTypesPage registration />,
    handle: { titleKey: 'Titles.RegistrationActivityTypes', requiresAuth: true },
  },
  {
    path: '/member/personal-details',
    element: <PersonalDetailsPage />,
    handle: { titleKey: 'Titles.PersonalDetails', gated: true },
  },
  {
    path: '/member/communications',
    element: <CommunicationsPage />,
    handle: { titleKey: 'Titles.Communications', gated: true },
  },
  {
    path: '/member/services-provided',
    element: <ServicesProvidedPage area="member" />,
    handle: { titleKey: 'Titles.ServicesProvided', gated: true },
  },
  {
    path: '/auth/services-provided',
    element: <ServicesProvidedPage area="auth" />,
    handle: { titleKey: 'Titles.ServicesProvided', requiresVerifiedPhone: true },
  },
];

/** The settings feature's epics: one per page. */
export const settingsEpics: AppEpic[] = [
  activityTypesSaveEpic,
  personalDetailsSaveEpic,
  communicationsSaveEpic,
  servicesClientEpic,
];
