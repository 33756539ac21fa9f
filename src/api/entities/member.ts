import { z } from 'zod';
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
  TermsAcceptedTimestamp: Timestamp.nullable(),
  SpamMeTimestamp: Timestamp.nullable(),
  DateOfBirth: z.string().nullable(),
  Email: z.string(),
  NameFirst: z.string(),
  NameLast: z.string(),
  PhoneNumber: z.string().nullable(),
  Sex: Sex,
  LanguageCode: LanguageCode,
  ActivityTypes: z.array(ActivityType),
  StravaDetails: StravaDetails.nullable(),
  MarketingOptInTimestamp: Timestamp.nullable(),
});
export type Member = z.infer<typeof Member>;

/**
 * Extra emergency information shown to rescuers (policy §3 "Member" medical info: blood group, GP
 * details, conditions, medications, notes). Free text, null when not given. Shape chosen.
 */
export const EmergencyInfo = z.object({
  BloodGroup: z.string().nullable(),
  GpDetails: z.string().nullable(),
  Conditions: z.string().nullable(),
  Medications: z.string().nullable(),
  Notes: z.string().nullable(),
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
  PhoneNumber: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  Sex: Sex,
  LanguageCode: LanguageCode,
  ActivityTypes: z.array(ActivityType),
  StravaDetails: StravaDetails.nullable(),
  TermsAcceptedTimestamp: Timestamp.nullable(),
  MarketingOptInTimestamp: Timestamp.nullable(),
  CommunicationOptions: CommunicationOptions,
  CountryCode: CountryCode.nullable().optional(),
  SubRegion: z.string().nullable().optional(),
  EmergencyInfo: EmergencyInfo.nullable().optional(),
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
  PhoneNumber: z.string().nullable(),
  PhoneNumberVerified: z.boolean(),
  DateOfBirth: z.string().nullable(),
  Sex: Sex.nullable(),
});
export type IdentityUser = z.infer<typeof IdentityUser>;
