import * as z from 'zod/mini';
import { defineCall } from '../call';
import { ShareToken, Timestamp } from '../entities';
import { VanityCode } from './common';

/**
 * Creates a share link for the journey from `JourneyStart` to `JourneyEnd` (epoch ms), optionally with
 * a custom short code `VanityStub` (app §7 share-journey). Answers chosen: the `ShareToken`, the full
 * `ShareUrl` (/share/journey/{ShareToken}) and the `ShortCode` of its /go/ link (null when none was made).
 */
export const shareJourney = defineCall({
  name: 'share-journey',
  api: 'member-integration',
  method: 'POST',
  path: '/share-journey',
  request: z
    .object({ JourneyStart: Timestamp, JourneyEnd: Timestamp, VanityStub: z.optional(VanityCode) })
    .check(
      z.refine((journey) => journey.JourneyEnd > journey.JourneyStart, {
        message: 'Validations.InvalidValues',
        path: ['JourneyEnd'],
      }),
    ),
  response: z.object({
    ShareToken: ShareToken,
    ShareUrl: z.url(),
    ShortCode: z.nullable(z.string()),
  }),
});

/** The share-journey call by name. */
export const shareJourneyCalls = { 'share-journey': shareJourney } as const;
