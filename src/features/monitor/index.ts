/**
 * The operator monitor (issue 8 item 6; docs/monitor.md): several shared activities watched at once.
 * Its store lives in src/store/monitor.
 */
export { monitorRoutes } from './monitorRoutes';
