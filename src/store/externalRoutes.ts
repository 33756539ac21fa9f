import type { ExternalLinks } from '../api/runtimeConfig';
import type { RootState } from './rootReducer';

/** An app route that sends the user to an external site (spec application-behaviour §2 Public). */
export interface ExternalRoute {
  readonly path: string;
  /** Which URL of /config.json `links` it goes to. */
  readonly link: keyof ExternalLinks;
  /** Opens in a new tab when followed from inside the app. */
  readonly newTab: boolean;
}

/** /contactus and /help open in a new tab; /findoutmore and /shop replace the app. */
export const EXTERNAL_ROUTES: readonly ExternalRoute[] = [
  { path: '/contactus', link: 'contactUs', newTab: true },
  { path: '/help', link: 'help', newTab: true },
  { path: '/findoutmore', link: 'findOutMore', newTab: false },
  { path: '/shop', link: 'shop', newTab: false },
];

/** The external URL an app path such as '/help' leads to, or null (unknown path, config not loaded). */
export function selectExternalHref(state: RootState, path: string): string | null {
  const route = EXTERNAL_ROUTES.find((r) => r.path === path);
  const links = state.runtimeConfig.config?.links;
  return route && links ? links[route.link] : null;
}
