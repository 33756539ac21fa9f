import { http, HttpResponse, type HttpHandler } from 'msw';
import type { EmergencyContact } from '../../../../src/api/entities/contact';
import { contactsEpics } from '../../../../src/features/contacts/contactsEpics';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { selectContactsComplete } from '../../../../src/store/entities/contactsSlice';
import { sessionRestored } from '../../../../src/store/session/sessionSlice';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { createAppStore } from '../../../../src/store/store';
import {
  signedInIdentity,
  testDependencies,
  testMember,
  testRuntimeConfig,
} from '../../store/testDependencies';
import { until } from '../../support/until';

/** The member-integration API of the test member's domain. */
export const API = `${testMember.DomainUrl}/api/member-integration`;
/** The emergency-contacts call (app §7). */
export const CONTACTS_URL = `${API}/emergency-contacts`;
const AUTH = testRuntimeConfig.authApiBase;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

/** The test clock, epoch ms. */
export const NOW = 1_795_400_000_000;

/**
 * The answers a signed-in member's start needs: the member-token login, get-member, the contacts
 * `contacts`, and 404 for the other member data (not this feature's).
 */
export function memberHandlers(contacts: readonly EmergencyContact[]): HttpHandler[] {
  return [
    http.post(`${AUTH}/member/login-member-c2/:lang`, () =>
      HttpResponse.json({ MemberIntegrationToken: JWT }),
    ),
    http.get(`${AUTH}/member/get-member`, () => HttpResponse.json(testMember)),
    http.get(CONTACTS_URL, () => HttpResponse.json({ EmergencyContacts: contacts })),
    http.get(`${API}/*`, () =>
      HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'x' }, { status: 404 }),
    ),
  ];
}

/**
 * A store with the contacts feature whose member signed in and whose contacts arrived (the msw
 * handlers of {@link memberHandlers} must be in use). `deps` replaces store dependencies.
 */
export async function signedInStore(deps: Partial<StoreDependencies> = {}) {
  const store = createAppStore({
    dependencies: testDependencies({ fetch: (i, init) => fetch(i, init), now: () => NOW, ...deps }),
    epics: contactsEpics,
  });
  store.dispatch(runtimeConfigLoaded(testRuntimeConfig));
  store.dispatch(sessionRestored(signedInIdentity(NOW + 3_600_000)));
  await until(() => selectContactsComplete(store.getState()) !== null);
  return store;
}
