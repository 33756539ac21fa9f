import type { RescueRouter } from './alertEngine';

/** The rescue routing of policy §1 as the alert engine calls it. */
export const rescueRouter: RescueRouter = () => [];
