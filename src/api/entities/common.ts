import * as z from 'zod/mini';

/*
 * Building blocks shared by the entity schemas.
 *
 * Conventions of the whole contract (spec application-behaviour §3):
 * - Field names are the spec's, letter for letter (so both `ActivityId` and `AlertID` occur).
 * - Timestamps are epoch milliseconds (UTC) as integers unless a field says otherwise.
 * - Entity ids are positive integers unless the spec implies an external or opaque id (payment
 *   gateway ids, AtlasDeviceID, DomainId, ShareViewerId), which are strings.
 * - A value the server may not know is `null`, not absent; optional (absent) fields are additions to
 *   the spec's lists or fields listed only for some answers.
 */

/** An entity id: a positive integer. */
export const Id = z.int().check(z.positive());
export type Id = z.infer<typeof Id>;

/**
 * An entity id in a URL path or GET query: a number for the client, and for the server the decimal
 * string it reads from the URL — digits only, no leading zero, sign, spaces, exponent or hex, so one
 * id has one spelling (`z.coerce.number` read ` 1`, `+1`, `01` and `1%0A` as 1, `0x10` as 16).
 */
export const IdParam = z.pipe(
  z.union([z.number(), z.pipe(z.string().check(z.regex(/^[1-9][0-9]*$/)), z.transform(Number))]),
  Id,
);

/** A point in time: epoch milliseconds (UTC). */
export const Timestamp = z.int().check(z.nonnegative());
export type Timestamp = z.infer<typeof Timestamp>;

/** A time of day, local to the device or wearer: `HH:mm`, 24-hour clock. */
export const TimeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm'));
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/** Days of the week, ISO numbering: 1 Monday … 7 Sunday (weeks start on Monday, app §9). */
export const DayOfWeek = z.int().check(z.gte(1), z.lte(7));
export type DayOfWeek = z.infer<typeof DayOfWeek>;

/** A colour as `#RRGGBB`. */
export const HexColor = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'Expected #RRGGBB'));
export type HexColor = z.infer<typeof HexColor>;

/** A longitude/latitude pair in WGS 84 degrees: X longitude, Y latitude. */
export const Coordinate = z.object({
  X: z.number().check(z.gte(-180), z.lte(180)),
  Y: z.number().check(z.gte(-90), z.lte(90)),
});
export type Coordinate = z.infer<typeof Coordinate>;
