import type { AppEpic } from '../../store/epic';
import { accountEpics } from './accountEpics';
import { authEpics as signUpEpics } from './authEpics';
import { emailChangeEpics } from './emailChangeEpics';

/**
 * Every epic of the auth feature: sign-up, password reset and change, phone and email verification,
 * email change. They load with the auth pages but login, which needs only the store's session
 * (authRoutes.tsx).
 */
export const authFeatureEpics: readonly AppEpic[] = [
  ...signUpEpics,
  ...accountEpics,
  ...emailChangeEpics,
];
