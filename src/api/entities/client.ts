import * as z from 'zod/mini';
import {
  CountryCode,
  DateFormat,
  DistanceUnit,
  DocumentType,
  HeightUnit,
  LanguageCode,
  LocationFormat,
  SpeedUnit,
  SpeedWindUnit,
  TemperatureUnit,
  TimeFormat,
  TimeMode,
  WeightUnit,
} from '../enums';
import { HexColor, Id, Timestamp } from './common';

/** The brand colour used when a client sets none (app §9 "Defaults"). */
export const DEFAULT_BRAND_COLOR = '#FF7900';

/**
 * A client's brand (app §3 "Client" Brand). `BrandColorDark` / `BrandColorLight` are `#RRGGBB` for the
 * dark and light themes. Its logo is `GET brands/brand-logo/{BrandID}?theme=DARK|LIGHT` (app §7).
 */
export const Brand = z.object({
  BrandID: Id,
  BrandCode: z.string(),
  BrandColorDark: HexColor,
  BrandColorLight: HexColor,
});
export type Brand = z.infer<typeof Brand>;

/**
 * Display units of a client (app §3 "Units defaults"). `Time` is the time mode; `Timezone` an IANA
 * zone name used by the 'Client Timezone' mode.
 */
export const Units = z.object({
  DateFormat: DateFormat,
  Distance: DistanceUnit,
  Height: HeightUnit,
  LocationFormat: LocationFormat,
  Speed: SpeedUnit,
  SpeedWind: SpeedWindUnit,
  Temperature: TemperatureUnit,
  Time: TimeMode,
  TimeFormat: TimeFormat,
  Timezone: z.string().check(z.minLength(1)),
  Weight: WeightUnit,
});
export type Units = z.infer<typeof Units>;

/** The units used when a client sets none (app §3 "Units defaults"). */
export const DEFAULT_UNITS: Units = {
  DateFormat: 'YYYY-MM-DD',
  Distance: 'km',
  Height: 'm',
  LocationFormat: 'dms',
  Speed: 'km/h',
  SpeedWind: 'kts',
  Temperature: 'C',
  Time: 'UTC',
  TimeFormat: '24 hour',
  Timezone: 'UTC',
  Weight: 'kg',
};

/**
 * A client document (app §3 "Client" Documents): served at `docs/{ClientID}/{Filename}?v={LastUpdate}`
 * (app §7). `Locale` is null for documents not per language (a logo). `LastUpdateTimestamp` and
 * `EffectiveDateTimestamp` are epoch ms; terms accepted before a EULA's or privacy policy's effective
 * time must be accepted again (app §4 login gating step 4).
 */
export const ClientDocument = z.object({
  Type: DocumentType,
  Filename: z.string().check(z.minLength(1)),
  Locale: z.nullable(LanguageCode),
  LastUpdateTimestamp: Timestamp,
  EffectiveDateTimestamp: Timestamp,
});
export type ClientDocument = z.infer<typeof ClientDocument>;

/** A room of a client location (app §3 "Client" Locations/Rooms). `Name` is an addition. */
export const Room = z.object({ RoomID: Id, Name: z.optional(z.string()) });
export type Room = z.infer<typeof Room>;

/** A site of a client, with its rooms for indoor positioning (app §3). `Name` is an addition. */
export const ClientLocation = z.object({
  LocationID: Id,
  Name: z.optional(z.string()),
  Rooms: z.array(Room),
});
export type ClientLocation = z.infer<typeof ClientLocation>;

/**
 * A client organisation, whose branding, units and documents the app uses (app §3 "Client").
 * `SupportUrl` holds a `{{locale}}` placeholder (see app §9 "Languages" for the locale mapping);
 * `SupportEmail` and `SupportUrl` are null when the client has none.
 */
export const Client = z.object({
  ClientID: Id,
  ClientName: z.string(),
  MemberSignUpEnabled: z.boolean(),
  CountryCode: CountryCode,
  Brand: Brand,
  SupportEmail: z.nullable(z.string()),
  SupportUrl: z.nullable(z.string()),
  Units: Units,
  Documents: z.array(ClientDocument),
  Locations: z.array(ClientLocation),
});
export type Client = z.infer<typeof Client>;

/** A client as listed publicly for sign-up (`GET member-integration-clients`, app §7). Shape chosen. */
export const ClientSummary = z.pick(Client, {
  ClientID: true,
  ClientName: true,
  MemberSignUpEnabled: true,
  CountryCode: true,
});
export type ClientSummary = z.infer<typeof ClientSummary>;

/**
 * The support URL of a client for a UI language (app §9 "Languages"): the `{{locale}}` placeholder is
 * nl, de or fr for those languages and en for every other.
 */
export function supportUrlFor(supportUrl: string, language: LanguageCode): string {
  const locale = language === 'nl' || language === 'de' || language === 'fr' ? language : 'en';
  return supportUrl.replaceAll('{{locale}}', locale);
}
