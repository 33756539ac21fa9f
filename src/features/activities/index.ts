/**
 * The member's activities (issue 7; spec app §2 activities, activity/{ActivityId} and share-journey,
 * §3 "Activity detail" and "Journey", §4 "Activities and journeys"): the filtered list, the detail
 * with its replay map, and the journey day by day with Share Journey. Their store lives in
 * src/store/activities and src/store/locationHistory.
 */
export { activityRoutes } from './activityRoutes';
