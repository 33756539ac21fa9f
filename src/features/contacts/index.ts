/**
 * The emergency contacts feature (app §2 registration-contacts, login-contacts, member/contacts; §3
 * "Emergency contact"; §4 login gating step 5; policy §1): one editor on three routes and its save.
 */
export { contactsRoutes } from './contactsRoutes';
