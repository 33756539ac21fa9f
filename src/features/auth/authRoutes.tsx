import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page is its own chunk, loaded when its route renders (issue 7: small initial JS); the app's
// route table shows a loading screen meanwhile (src/app/routes.tsx).
const ChangeEmailPage = lazy(() =>
  import('./pages/ChangeEmailPage').then((m) => ({ default: m.ChangeEmailPage })),
);
const ChangePasswordPage = lazy(() =>
  import('./pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const CreateAccountPage = lazy(() =>
  import('./pages/CreateAccountPage').then((m) => ({ default: m.CreateAccountPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const LogoutPage = lazy(() =>
  import('./pages/LogoutPage').then((m) => ({ default: m.LogoutPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const VerifyPhonePage = lazy(() =>
  import('./pages/VerifyPhonePage').then((m) => ({ default: m.VerifyPhonePage })),
);

/**
 * The routes of the authentication area (spec §2 "/auth") and the member's password page.
 * verify-phone-number is "open" in the spec (no login gating), but it changes the signed-in identity,
 * so it needs a session (`requiresAuth`, gating step 1 only).
 */
export const authRoutes: RouteObject[] = [
  { path: '/auth', element: <Navigate to="/auth/login" replace /> },
  { path: '/auth/login', element: <LoginPage />, handle: { titleKey: 'Titles.Login' } },
  { path: '/auth/logout', element: <LogoutPage />, handle: { titleKey: 'Titles.Logout' } },
  {
    path: '/auth/create-account',
    element: <CreateAccountPage />,
    handle: { titleKey: 'Titles.CreateAccount' },
  },
  {
    path: '/auth/verify-email-address',
    element: <VerifyEmailPage />,
    handle: { titleKey: 'Titles.VerifyEmail' },
  },
  {
    path: '/auth/forgot-password',
    element: <ForgotPasswordPage />,
    handle: { titleKey: 'Titles.ForgotPassword' },
  },
  {
    path: '/auth/verify-phone-number',
    element: <VerifyPhonePage />,
    handle: { titleKey: 'Titles.VerifyPhone', requiresAuth: true },
  },
  {
    path: '/member/email',
    element: <ChangeEmailPage />,
    handle: { titleKey: 'Titles.ChangeEmail', gated: true },
  },
  {
    path: '/member/password',
    element: <ChangePasswordPage />,
    handle: { titleKey: 'Titles.ChangePassword', gated: true },
  },
];
