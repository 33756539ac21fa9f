/**
 * The contract of Lifeline (ARCHITECTURE.md §3 `src/api`): enums, entity schemas, call definitions,
 * socket events, error codes, validation rules and the typed HTTP client. Shared by the SPA, the mocks
 * and the server.
 */
export * from './call';
export * from './calls';
export * from './client/apiClients';
export * from './client/apiErrors';
export * from './client/httpClient';
export * from './client/runtimeConfigClient';
export * from './entities';
export * from './enums';
export * from './errors';
export * from './runtimeConfig';
export * from './socket';
export * from './validation';
export * from './ingest';
