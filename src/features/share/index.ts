/**
 * The shared views of guardians without an account (issue 8; spec app §2 share routes, §7 "Shared
 * viewing"): the live activity view and share-not-found. Their store lives in src/store/shares.
 */
export { shareRoutes } from './shareRoutes';
