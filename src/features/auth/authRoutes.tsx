import { Navigate, type RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// Each page is its own chunk, loaded with the feature's epics when its route renders (issue 7: small
// initial JS); the app's route table shows a loading screen meanwhile (src/app/routes.tsx). Login
// needs only the store's session epics.
const needs = epicsLoader(() => import('./authFeatureEpics').then((m) => m.authFeatureEpics));
const ChangeEmailPage = lazyChunk(
  () => import('./pages/ChangeEmailPage').then((m) => m.ChangeEmailPage),
  { needs },
);
const ChangePasswordPage = lazyChunk(
  () => import('./pages/ChangePasswordPage').then((m) => m.ChangePasswordPage),
  { needs },
);
const CreateAccountPage = lazyChunk(
  () => import('./pages/CreateAccountPage').then((m) => m.CreateAccountPage),
  { needs },
);
const ForgotPasswordPage = lazyChunk(
  () => import('./pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  { needs },
);
// The login route's JS and words are only its own and the bundled start sections' (issue 7).
const LoginPage = lazyChunk(() => import('./pages/LoginPage').then((m) => m.LoginPage), {
  alone: true,
});
const LogoutPage = lazyChunk(() => import('./pages/LogoutPage').then((m) => m.LogoutPage), {
  needs,
});
const VerifyEmailPage = lazyChunk(
  () => import('./pages/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  { needs },
);
const VerifyPhonePage = lazyChunk(
  () => import('./pages/VerifyPhonePage').then((m) => m.VerifyPhonePage),
  { needs },
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
