import { epicsLoader } from './epicRegistry';

/**
 * A route's `needs` loader (src/ui/lazyChunk.ts) for the store's activity data: loads
 * src/store/activityDataEpics.ts (the activities, location history, shares, searchlight and monitor
 * slices and epics) and starts its epics in the store. Every page that shows activities, a share or
 * the monitor loads it; the login route does not (issue 7 "initial JS for the login route").
 */
export const loadActivityData = epicsLoader(() =>
  import('./activityDataEpics').then((m) => m.activityDataEpics),
);
