import { Navigate, type RouteObject } from 'react-router';
import { ChangeEmailPage } from './pages/ChangeEmailPage';
import { ChangePasswordPage } from './pages/ChangePasswordPage';
import { CreateAccountPage } from './pages/CreateAccountPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { LogoutPage } from './pages/LogoutPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { VerifyPhonePage } from './pages/VerifyPhonePage';

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
