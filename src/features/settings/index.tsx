import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// Each page is its own chunk, loaded with the feature's epics when its route renders (issue 7).
const needs = epicsLoader(() => import('./settingsEpics').then((m) => m.settingsEpics));
const ActivityTypesPage = lazyChunk(
  () => import('./activityTypes/ActivityTypesPage').then((m) => m.ActivityTypesPage),
  { needs },
);
const CommunicationsPage = lazyChunk(
  () => import('./communications/CommunicationsPage').then((m) => m.CommunicationsPage),
  { needs },
);
const PersonalDetailsPage = lazyChunk(
  () => import('./personalDetails/PersonalDetailsPage').then((m) => m.PersonalDetailsPage),
  { needs },
);
const ServicesProvidedPage = lazyChunk(
  () => import('./services/ServicesProvidedPage').then((m) => m.ServicesProvidedPage),
  { needs },
);
const UnitsPage = lazyChunk(() => import('./units/UnitsPage').then((m) => m.UnitsPage), { needs });

/**
 * The member settings (spec §2): favourite activity types (member and registration step), personal
 * details, communication settings and services provided (member area and auth area); and the
 * member's display units (/member/units, an addition: app §1 "choice of … units").
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
    path: '/member/units',
    element: <UnitsPage />,
    handle: { titleKey: 'Titles.Units', gated: true },
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
