import * as z from 'zod/mini';
import { ActivityStatus, EntityType } from './enums';
import { ActivityStats, Id, LocationPoint, Timestamp } from './entities';

/*
 * The realtime socket's events (spec application-behaviour §4 "Socket connection", §7 "Realtime";
 * ARCHITECTURE.md §1). The server emits SocketInit, EntityChanges and TelemetryWearerUpdate to the
 * rooms a socket joined after `verify-socket-user`; the client emits SocketCommand. The spec gives the
 * event names only; the payload shapes below are designed for a realtime client and documented here.
 * Times are epoch ms.
 */

/** Socket.io event names of the contract (app §7). */
export const SOCKET_EVENTS = {
  SocketInit: 'SocketInit',
  EntityChanges: 'EntityChanges',
  TelemetryWearerUpdate: 'TelemetryWearerUpdate',
  SocketCommand: 'SocketCommand',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/**
 * Sent by the server on every (re)connection. A `ServerStartTimestamp` different from the one seen
 * before means the server restarted: the client shows a notice and reloads (app §4). A newer
 * `BuildTimestamp` than the loaded build shows the restart notice and reloads after 3 s (null when the
 * server serves no build). `ServerTimestamp` is the server's clock, for measuring clock skew.
 */
export const SocketInit = z.object({
  ServerStartTimestamp: Timestamp,
  BuildTimestamp: z.nullable(Timestamp),
  ServerTimestamp: Timestamp,
});
export type SocketInit = z.infer<typeof SocketInit>;

/** What happened to an entity (app §7 EntityChanges). */
export const ChangeType = z.enum(['created', 'updated', 'deleted']);
export type ChangeType = z.infer<typeof ChangeType>;

/**
 * One change of one entity. `EntityId` is the entity's id (its `…ID`/`…Id` field); `WearerID` and
 * `ActivityId` say whose and which activity's data changed, when that applies, so the client can
 * reload only what it shows (app §4: an activity change reloads its detail; reminders and messages
 * refresh on change). `Timestamp` is when the change was committed.
 */
export const EntityChange = z.object({
  EntityType: EntityType,
  EntityId: Id,
  ChangeType: ChangeType,
  Timestamp: Timestamp,
  WearerID: z.optional(z.nullable(Id)),
  ActivityId: z.optional(z.nullable(Id)),
});
export type EntityChange = z.infer<typeof EntityChange>;

/** The payload of EntityChanges: the changes of one committed batch, in commit order. */
export const EntityChanges = z.array(EntityChange);
export type EntityChanges = z.infer<typeof EntityChanges>;

/**
 * New telemetry of one wearer (app §7 TelemetryWearerUpdate):
 * - `Points`: positions received since the last update, ordered by `Time` (may be empty when only the
 *   status or battery changed); the client appends them to the activity's location history;
 * - `ActivityId`: the open activity they belong to, null when the wearer is not tracking;
 * - `Battery`: device battery in percent 0–100, null when unknown;
 * - `Status`: the activity's status now, null when no activity;
 * - `Heading`: direction of travel, degrees clockwise from true north [0, 360), null when unknown;
 * - `HeartRate`: beats per minute, the newest reading among `Points` (a point's own `HeartRate`), null
 *   when none of them carries one; optional: older servers leave it out. An update without points may
 *   carry a reading that came after its fix (a late VITALS): then `Points` is empty;
 * - `HeartRateTime`: the device time of `HeartRate` (epoch ms: the time of the fix it was measured
 *   with), null with no reading; optional (older servers);
 * - `ActivityStats`: the open activity's updated figures, when recomputed.
 */
export const TelemetryWearerUpdate = z.object({
  WearerID: Id,
  ActivityId: z.nullable(Id),
  Points: z.array(LocationPoint),
  Battery: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  Status: z.nullable(ActivityStatus),
  Heading: z.nullable(z.number().check(z.gte(0), z.lt(360))),
  HeartRate: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  HeartRateTime: z.optional(z.nullable(Timestamp)),
  ActivityStats: z.optional(ActivityStats),
});
export type TelemetryWearerUpdate = z.infer<typeof TelemetryWearerUpdate>;

/**
 * A command from the client (app §7 "accepts SocketCommand"). Designed, as the spec lists none:
 * - `WATCH_ACTIVITY` / `UNWATCH_ACTIVITY`: start / stop receiving live telemetry of one activity the
 *   socket is allowed to see (a member's own, or the share's);
 * - `PING`: the server answers with a SocketInit, for checking the connection after a wake-up;
 * - `LEAVE_SHARE`: the socket stops hearing one of the shares it verified (the operator monitor
 *   removed it; docs/monitor.md), the others stay.
 */
export const SocketCommand = z.discriminatedUnion('Command', [
  z.object({ Command: z.literal('WATCH_ACTIVITY'), ActivityId: Id }),
  z.object({ Command: z.literal('UNWATCH_ACTIVITY'), ActivityId: Id }),
  z.object({ Command: z.literal('PING') }),
  z.object({
    Command: z.literal('LEAVE_SHARE'),
    ShareToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  }),
]);
export type SocketCommand = z.infer<typeof SocketCommand>;

/** Payload schema of each socket event, for validating at the edge (STYLE.md "Streams"). */
export const SOCKET_EVENT_SCHEMAS = {
  SocketInit: SocketInit,
  EntityChanges: EntityChanges,
  TelemetryWearerUpdate: TelemetryWearerUpdate,
  SocketCommand: SocketCommand,
} as const satisfies Record<SocketEventName, z.ZodMiniType>;
