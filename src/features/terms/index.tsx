import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// The page is a chunk of its own, loaded with the feature's epics when a terms route renders
// (issue 7).
const LoginEulaPage = lazyChunk(() => import('./LoginEulaPage').then((m) => m.LoginEulaPage), {
  needs: epicsLoader(() => import('./termsEpics').then((m) => m.termsEpics)),
});

/** The terms feature: the EULA and privacy policy acceptance (spec §2 login-eula, registration-eula and member eula; §4 gating step 4 and sign-up order). */

export const termsRoutes: RouteObject[] = [
  {
    path: '/auth/login-eula',
    element: <LoginEulaPage />,
    handle: { titleKey: 'Titles.LoginEula', requiresAuth: true, requiresVerifiedPhone: true },
  },
  {
    path: '/auth/registration-eula',
    element: <LoginEulaPage mode="registration" />,
    handle: {
      titleKey: 'Titles.RegistrationEula',
      requiresAuth: true,
      requiresVerifiedPhone: true,
    },
  },
  {
    path: '/member/eula',
    element: <LoginEulaPage mode="member" />,
    handle: { titleKey: 'Titles.Eula', gated: true },
  },
];
