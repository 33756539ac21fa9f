import * as z from 'zod/mini';
import { defineCall } from '../call';
import { CountryCode } from '../enums';
import { Client, ClientSummary, IdParam, RescueOrg, ShareToken } from '../entities';
import { NoRequest, SuccessResponse } from './common';

/*
 * Public calls of the member-integration API (app §7), API `member-integration-public`: no token.
 * For a share viewer the host is the share token's C2Url.
 */

/**
 * Partner rescue organisations serving `CountryCodes`, or the one with `RescueOrgCode`; with their
 * coverage regions when `IncludeRegions` (coverage map). Cached 120 s by the client (app §9).
 */
export const rescueOrgs = defineCall({
  name: 'rescue-orgs',
  api: 'member-integration-public',
  method: 'POST',
  path: '/rescue-orgs',
  request: z.object({
    CountryCodes: z.array(CountryCode),
    IncludeRegions: z.boolean(),
    RescueOrgCode: z.optional(z.nullable(z.string())),
  }),
  response: z.object({ RescueOrgs: z.array(RescueOrg) }),
});

/** The client organisations a member can sign up with, wrapped as `Clients`. */
export const memberIntegrationClients = defineCall({
  name: 'member-integration-clients',
  api: 'member-integration-public',
  method: 'GET',
  path: '/member-integration-clients',
  request: NoRequest,
  response: z.object({ Clients: z.array(ClientSummary) }),
});

/** One client with its branding, units and documents (e.g. for a share viewer's branding). */
export const memberIntegrationClient = defineCall({
  name: 'member-integration-client',
  api: 'member-integration-public',
  method: 'GET',
  path: '/member-integration-client/{ClientID}',
  request: z.object({ ClientID: IdParam }),
  response: Client,
});

/**
 * Lets the realtime socket `SocketID` join the rooms of a member (`MemberIntegrationToken`) or of a
 * share (`ShareToken`); one of the two is required (app §7; ARCHITECTURE.md §5 "Realtime").
 */
export const verifySocketUser = defineCall({
  name: 'verify-socket-user',
  api: 'member-integration-public',
  method: 'POST',
  path: '/verify-socket-user',
  request: z
    .object({
      MemberIntegrationToken: z.optional(z.jwt()),
      ShareToken: z.optional(ShareToken),
      SocketID: z.string().check(z.minLength(1), z.maxLength(100)),
    })
    .check(
      z.refine(
        (body) => body.MemberIntegrationToken !== undefined || body.ShareToken !== undefined,
        {
          message: 'Validations.Required',
          path: ['MemberIntegrationToken'],
        },
      ),
    ),
  response: SuccessResponse,
});

/** The public member-integration calls by name. */
export const publicCalls = {
  'rescue-orgs': rescueOrgs,
  'member-integration-clients': memberIntegrationClients,
  'member-integration-client': memberIntegrationClient,
  'verify-socket-user': verifySocketUser,
} as const;
