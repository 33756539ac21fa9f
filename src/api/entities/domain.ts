import * as z from 'zod/mini';
import { CountryCode } from '../enums';
import { Coordinate } from './common';

/**
 * A domain: one deployment of the domain server, serving the members of a country (app §3 "Domain";
 * ARCHITECTURE.md §2). `DomainId` is a short string id. `DomainUrl` is an addition: the domain server's
 * base URL, which becomes the member's API base.
 */
export const Domain = z.object({
  DomainId: z.string().check(z.minLength(1)),
  CountryCode: CountryCode,
  Description: z.string(),
  DomainUrl: z.optional(z.url()),
});
export type Domain = z.infer<typeof Domain>;

/** A coverage region of a rescue organisation: a closed ring of coordinates (X lon, Y lat degrees). */
export const RescueRegion = z.object({
  RegionCode: z.string(),
  Name: z.string(),
  Polygon: z.array(Coordinate),
});
export type RescueRegion = z.infer<typeof RescueRegion>;

/**
 * A partner rescue organisation (app §3 "Rescue org", §7 rescue-orgs; policy §1). `CountryCodes` are
 * the countries it serves. `RescueOrgCode`, `Name` and `Regions` are additions; `Regions` is present
 * when the request asked for regions (IncludeRegions).
 */
export const RescueOrg = z.object({
  RescueOrgCode: z.string(),
  Name: z.string(),
  CountryCodes: z.array(CountryCode),
  Regions: z.optional(z.array(RescueRegion)),
});
export type RescueOrg = z.infer<typeof RescueOrg>;

/** A short link `/go/{ShortCode}` and the URL it redirects to (app §3 "Short URL", §7 central). */
export const ShortUrl = z.object({
  ShortCode: z.string().check(z.minLength(1)),
  FullUrl: z.url(),
});
export type ShortUrl = z.infer<typeof ShortUrl>;
