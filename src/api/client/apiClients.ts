import { createApiClient, type ApiClient, type TokenProvider } from './httpClient';

/** Path of the member-integration API under a domain URL (spec §7). */
export const MEMBER_INTEGRATION_PATH = '/api/member-integration';
/** Path of the public member-integration API under a domain URL (spec §7). */
export const MEMBER_INTEGRATION_PUBLIC_PATH = '/api/member-integration-public';

function join(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/**
 * The member-integration API of one domain (`{DomainUrl}/api/member-integration`), authorised with
 * the MemberIntegrationToken that `getToken` supplies (spec §7: "The member API base is the member's
 * own domain URL").
 */
export function createMemberIntegrationClient(
  domainUrl: string,
  getToken: TokenProvider,
  doFetch?: typeof fetch,
): ApiClient {
  return createApiClient({
    api: 'member-integration',
    baseUrl: join(domainUrl, MEMBER_INTEGRATION_PATH),
    getToken,
    ...(doFetch ? { fetch: doFetch } : {}),
  });
}

/**
 * The public member-integration API of one domain (no token). For shared views the domain is the
 * share token's C2Url (spec §3 Share token).
 */
export function createMemberIntegrationPublicClient(
  domainUrl: string,
  doFetch?: typeof fetch,
): ApiClient {
  return createApiClient({
    api: 'member-integration-public',
    baseUrl: join(domainUrl, MEMBER_INTEGRATION_PUBLIC_PATH),
    ...(doFetch ? { fetch: doFetch } : {}),
  });
}

/**
 * The authentication and member host (`authApiBase` of /config.json), authorised with the identity
 * service's ID token.
 */
export function createAuthHostClient(
  authApiBase: string,
  getIdToken: TokenProvider,
  doFetch?: typeof fetch,
): ApiClient {
  return createApiClient({
    api: 'auth',
    baseUrl: authApiBase,
    getToken: getIdToken,
    ...(doFetch ? { fetch: doFetch } : {}),
  });
}

/** The central service (`centralHost` of /config.json): domains list and short URLs. */
export function createCentralClient(centralHost: string, doFetch?: typeof fetch): ApiClient {
  return createApiClient({
    api: 'central',
    baseUrl: centralHost,
    ...(doFetch ? { fetch: doFetch } : {}),
  });
}
