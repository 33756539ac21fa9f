/*
 * The device simulator's core (issue 5 item 6): replays a recorded track over the OsmAnd protocol (a
 * fix with a heart rate over the JSON batch) and
 * acts as the watch for messages, over an injected fetch and clock so it runs in virtual time in tests
 * and in-process in the live demo. The command line is tools/simulate.ts.
 */
export { DEFAULT_BATTERY_DRAIN_PCT_PER_HOUR, DEFAULT_BATTERY_START_PCT } from './battery';
export { systemClock, type SimulationClock } from './clock';
export { MESSAGE_REPLY_AFTER_MS, MESSAGE_SEEN_AFTER_MS } from './messageResponder';
export { fixBatchRequest, type DeviceRequest } from './fixBatch';
export { KNOTS_PER_MPS, mpsToKnots, osmandUrl } from './osmandUrl';
export {
  LOOP_CLOSED_WITHIN_M,
  replaySteps,
  type ReplayOptions,
  type ReplayStep,
} from './replayPlan';
export { DEFAULT_POLL_MESSAGES_MS, startSimulation } from './startSimulation';
export {
  REPLY_CHOICES,
  type ReplyChoice,
  type Simulation,
  type SimulationDeps,
  type SimulationEvent,
  type SimulationOptions,
  type SimulationStats,
} from './simulationTypes';
