/** The auth feature: sign-in, sign-up and account screens (spec §2 "/auth", §4 Session). */
export { authRoutes } from './authRoutes';
