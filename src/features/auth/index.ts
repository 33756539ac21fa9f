/** The auth feature: sign-in, sign-up and account screens (spec §2 "/auth", §4 Session). */
import { accountEpics } from './accountEpics';
import { authEpics as signUpEpics } from './authEpics';
import { emailChangeEpics } from './emailChangeEpics';

/** Every epic of the auth feature. */
export const authEpics = [...signUpEpics, ...accountEpics, ...emailChangeEpics];
export { authRoutes } from './authRoutes';
