/**
 * The member's activities (issue 7; spec app §2 activities and activity/{ActivityId}, §3 "Activity
 * detail", §4 "Activities and journeys"): the filtered list and the detail with its replay map. Their
 * store lives in src/store/activities and src/store/locationHistory.
 */
export { activityRoutes } from './activityRoutes';
