import { createAuthHostClient, createMemberIntegrationClient } from '../../api/client/apiClients';
import type { ApiClient } from '../../api/client/httpClient';
import { IdentityError, type IdentityClient } from '../../api/identity';
import type { IdentityConfig } from '../../api/runtimeConfig';
import type { StoreDependencies } from '../dependencies';
import type { RootState } from '../rootReducer';

/** Identity clients per store (its dependencies) and pool configuration. */
const identityClients = new WeakMap<StoreDependencies, WeakMap<IdentityConfig, IdentityClient>>();

/**
 * The identity client of the configured pool (one per store and pool configuration). Throws an
 * {@link IdentityError} `NotConfigured` when /config.json names no identity service.
 */
export function identityClientFor(state: RootState, deps: StoreDependencies): IdentityClient {
  const config = state.runtimeConfig.config?.identity;
  if (!config) throw new IdentityError('NotConfigured', 'No identity service is configured');
  let perStore = identityClients.get(deps);
  if (!perStore) {
    perStore = new WeakMap();
    identityClients.set(deps, perStore);
  }
  let client = perStore.get(config);
  if (!client) {
    client = deps.createIdentityClient(config);
    perStore.set(config, client);
  }
  return client;
}

/**
 * The authentication and member host client (spec §7), authorised with the current ID token.
 * Throws when /config.json has not been loaded.
 */
export function authHostClientFor(getState: () => RootState, deps: StoreDependencies): ApiClient {
  const base = getState().runtimeConfig.config?.authApiBase;
  if (!base) throw new Error('The runtime configuration is not loaded');
  return createAuthHostClient(base, () => getState().session.identity?.idToken ?? null, deps.fetch);
}

/**
 * The member-integration API of the member's own domain (spec §7 "The member API base is the member's
 * own domain URL"), authorised with the MemberIntegrationToken. Throws before the member is loaded.
 */
export function memberApiFor(getState: () => RootState, deps: StoreDependencies): ApiClient {
  const domainUrl = getState().session.member?.DomainUrl;
  if (!domainUrl) throw new Error('The member is not loaded');
  return createMemberIntegrationClient(
    domainUrl,
    () => getState().session.memberIntegrationToken,
    deps.fetch,
  );
}
