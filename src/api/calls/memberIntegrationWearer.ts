import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ActivityType, LanguageCode, Sex } from '../enums';
import { Client, CommunicationOptions, Id, Timestamp, Wearer } from '../entities';
import {
  DateOfBirth,
  FavouriteActivityTypes,
  NormalisedPhone,
  PersonName,
  RequiredEmail,
} from '../validation';
import { NoRequest, SuccessResponse } from './common';

/* The member's wearer record, client and preferences, member-integration API (app §7). */

/** The member's client organisation (branding, units, documents). */
export const loadMemberClient = defineCall({
  name: 'load-member-client',
  api: 'member-integration',
  method: 'GET',
  path: '/load-member-client',
  request: NoRequest,
  response: Client,
});

/** The member's wearer record. */
export const loadMemberWearer = defineCall({
  name: 'load-member-wearer',
  api: 'member-integration',
  method: 'GET',
  path: '/load-member-wearer',
  request: NoRequest,
  response: Wearer,
});

/** Disconnects the fitness-sharing app (app §7 disconnect-member-strava). Response chosen. */
export const disconnectMemberStrava = defineCall({
  name: 'disconnect-member-strava',
  api: 'member-integration',
  method: 'GET',
  path: '/disconnect-member-strava',
  request: NoRequest,
  response: SuccessResponse,
});

/**
 * Updates the personal details (app §7). Input rules of app §5; the phone is saved normalised with a
 * `+` prefix. Timestamps are epoch ms, null when never given. Answers `WearerID`, or `Error` (text).
 */
export const memberWearerUpdate = defineCall({
  name: 'member-wearer-update',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-update',
  request: z.object({
    DateOfBirth: DateOfBirth,
    EmailAddress: RequiredEmail,
    LanguageCode: LanguageCode,
    MarketingOptInTimestamp: z.nullable(Timestamp),
    NameFirst: PersonName,
    NameLast: PersonName,
    PhoneNumber: NormalisedPhone,
    Sex: Sex,
    TermsAcceptedTimestamp: z.nullable(Timestamp),
  }),
  response: z.object({ WearerID: z.optional(Id), Error: z.optional(z.string()) }),
});

/** Saves the communication options and the marketing opt-in time (epoch ms, null = opted out). */
export const memberWearerUpdateCommunicationOptions = defineCall({
  name: 'member-wearer-update-communication-options',
  api: 'member-integration',
  method: 'POST',
  path: '/member-wearer-update-communication-options',
  request: z.object({
    CommunicationOptions: CommunicationOptions,
    MarketingOptInTimestamp: z.nullable(Timestamp),
  }),
  response: SuccessResponse,
});

/**
 * Saves the favourite activity types (1 to 9, policy §5); answers the wearer. The watch picks them up
 * within an hour (policy §9).
 */
export const saveActivityTypes = defineCall({
  name: 'activity-types',
  api: 'member-integration',
  method: 'POST',
  path: '/activity-types',
  request: z.object({
    ActivityTypes: z.intersection(z.array(ActivityType), FavouriteActivityTypes),
  }),
  response: Wearer,
});

/** The wearer calls by name. */
export const wearerCalls = {
  'load-member-client': loadMemberClient,
  'load-member-wearer': loadMemberWearer,
  'disconnect-member-strava': disconnectMemberStrava,
  'member-wearer-update': memberWearerUpdate,
  'member-wearer-update-communication-options': memberWearerUpdateCommunicationOptions,
  'activity-types': saveActivityTypes,
} as const;
