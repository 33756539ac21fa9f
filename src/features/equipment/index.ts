/**
 * The equipment feature (spec §2 equipment routes, §3 "Equipment", §5 in-use rules, §7 equipment
 * calls, §8 equipment notices; policy §2 Equipment screen, §3 "Equipment", §4 "Equipment in use").
 */
export { equipmentRoutes } from './equipmentRoutes';
