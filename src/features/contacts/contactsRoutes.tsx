import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// The editor is a chunk of its own, loaded with the feature's epics when a contacts route renders
// (issue 7).
const ContactsPage = lazyChunk(() => import('./ContactsPage').then((m) => m.ContactsPage), {
  needs: epicsLoader(() => import('./contactsEpics').then((m) => m.contactsEpics)),
});

/**
 * The three routes of the one contacts editor (app §2): registration-contacts needs a login,
 * login-contacts a verified phone (it is where login gating step 5 sends the member), member/contacts
 * the whole login gate (app §4). `handle` is the app's RouteMeta (src/app/routeMeta.ts).
 */
export const contactsRoutes: RouteObject[] = [
  {
    path: '/auth/registration-contacts',
    element: <ContactsPage mode="registration" />,
    handle: { titleKey: 'Titles.RegistrationContacts', requiresAuth: true },
  },
  {
    path: '/auth/login-contacts',
    element: <ContactsPage mode="login" />,
    handle: { titleKey: 'Titles.LoginContacts', requiresVerifiedPhone: true },
  },
  {
    path: '/member/contacts',
    element: <ContactsPage mode="member" />,
    handle: { titleKey: 'Titles.Contacts', gated: true },
  },
];
