import type { RouteObject } from 'react-router';
import { LoginEulaPage } from './LoginEulaPage';

/** The terms feature: the EULA and privacy policy acceptance (spec §2 login-eula, §4 gating step 4). */
export { termsEpics } from './termsEpics';

export const termsRoutes: RouteObject[] = [
  {
    path: '/auth/login-eula',
    element: <LoginEulaPage />,
    handle: { titleKey: 'Titles.LoginEula', requiresAuth: true, requiresVerifiedPhone: true },
  },
];
