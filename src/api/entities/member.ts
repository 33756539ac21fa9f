import * as z from 'zod/mini';
import { ActivityType, CountryCode, LanguageCode, Sex } from '../enums';
import { CommunicationOptions } from './communication';
import { Id, Timestamp } from './common';

/*
 * Dates of birth travel as `YYYY/MM/DD` text (the year-first form of app §5 "Date"); phone numbers in
 * their saved form `+` and digits (app §5 "Phone"). Response schemas do not re-apply the input rules,
 * so a record saved under older rules still loads.
 */

/** Connection to the fitness-sharing app (app §3 `StravaDetails`); null when not connected. */
export const StravaDetails = z.object({ Access_Token: z.string() });
export type StravaDetails = z.infer<typeof StravaDetails>;

/**
 * The member record of the authentication host (app §3 "Member / wearer", `GET /member/get-member`).
 * `TermsAcceptedTimestamp`, `SpamMeTimestamp` (marketing opt-in time) and `MarketingOptInTimestamp`
 * are epoch ms, null when never given. `DomainUrl` is the base of the member's member-integration API.
 * `DomainId` is a string (a domain is a deployment, not a row); `ClientId` the client organisation.
 */
export const Member = z.object({
  MemberId: Id,
  DomainId: z.string(),
  DomainUrl: z.url(),
  ClientId: Id,
  TermsAcceptedTimestamp: z.nullable(Timestamp),
  SpamMeTimestamp: z.nullable(Timestamp),
  DateOfBirth: z.nullable(z.string()),
  Email: z.string(),
  NameFirst: z.string(),
  NameLast: z.string(),
  PhoneNumber: z.nullable(z.string()),
  Sex: Sex,
  LanguageCode: LanguageCode,
  ActivityTypes: z.array(ActivityType),
  StravaDetails: z.nullable(StravaDetails),
  MarketingOptInTimestamp: z.nullable(Timestamp),
});
export type Member = z.infer<typeof Member>;

/**
 * Extra emergency information shown to rescuers (policy §3 "Member" medical info: blood group, GP
 * details, conditions, medications, notes). Free text, null when not given. Shape chosen.
 */
export const EmergencyInfo = z.object({
  BloodGroup: z.nullable(z.string()),
  GpDetails: z.nullable(z.string()),
  Conditions: z.nullable(z.string()),
  Medications: z.nullable(z.string()),
  Notes: z.nullable(z.string()),
});
export type EmergencyInfo = z.infer<typeof EmergencyInfo>;

/**
 * The wearer record of the member-integration API (`GET load-member-wearer`, app §3 "Member / wearer").
 * Same personal fields as {@link Member}, keyed by `WearerID`, with the wearer's communication options.
 * `ActivityTypes` are the favourite activity types (1 to 9, policy §5). Additions from policy §3
 * "Member": `CountryCode`, `SubRegion` and `EmergencyInfo`.
 */
export const Wearer = z.object({
  WearerID: Id,
  MemberId: Id,
  ClientId: Id,
  Email: z.string(),
  NameFirst: z.string(),
  NameLast: z.string(),
  PhoneNumber: z.nullable(z.string()),
  DateOfBirth: z.nullable(z.string()),
  Sex: Sex,
  LanguageCode: LanguageCode,
  ActivityTypes: z.array(ActivityType),
  StravaDetails: z.nullable(StravaDetails),
  TermsAcceptedTimestamp: z.nullable(Timestamp),
  MarketingOptInTimestamp: z.nullable(Timestamp),
  CommunicationOptions: CommunicationOptions,
  CountryCode: z.optional(z.nullable(CountryCode)),
  SubRegion: z.optional(z.nullable(z.string())),
  EmergencyInfo: z.optional(z.nullable(EmergencyInfo)),
});
export type Wearer = z.infer<typeof Wearer>;

/**
 * The user as the identity service knows it (app §3 "Identity-service user"): the attributes and
 * their verification flags. Optional attributes are null when unset.
 */
export const IdentityUser = z.object({
  Email: z.string(),
  EmailVerified: z.boolean(),
  NameFirst: z.string(),
  NameLast: z.string(),
  PhoneNumber: z.nullable(z.string()),
  PhoneNumberVerified: z.boolean(),
  DateOfBirth: z.nullable(z.string()),
  Sex: z.nullable(Sex),
});
export type IdentityUser = z.infer<typeof IdentityUser>;
