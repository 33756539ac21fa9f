import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  ActivityDisplayType,
  ActivityStatus,
  ActivityType,
  ActorType,
  AlertClosureReason,
  AlertCloseState,
  AlertType,
  ApiUserRight,
  BillingFrequency,
  BodyPosition,
  CheckInState,
  CountryCode,
  DeviceType,
  DistanceUnit,
  DocumentType,
  EntityType,
  EquipmentType,
  HeightUnit,
  LanguageCode,
  LTE_M_COUNTRIES,
  MessageState,
  RESCUE_PARTNER_COUNTRIES,
  SEVERITY,
  Severity,
  SeverityName,
  Sex,
  SocketConnectionState,
  SplitType,
  SubscriptionProductCode,
  SubscriptionState,
  TemperatureUnit,
  ThemeMode,
  TimeFormat,
  TimelineItemType,
  TimeMode,
  VesselType,
  ZoneKind,
  ZoneType,
} from '../../../src/api/enums';

const words = (list: string): string[] => list.split(/[\s,]+/).filter(Boolean);

// Each list is copied from the spec section named in the test title, in the spec's own order.
const SPEC_ENUMS: [string, Pick<z.ZodMiniEnum, 'options'>, string[]][] = [
  [
    'ActivityType (app §3)',
    ActivityType,
    words(`BOATING, CANOEING, CLIMBING, COASTEERING, CYCLING, DRIVE, FISHING, HIKING, HORSE_RIDING,
      JET_SKIING, KAYAKING, KITE_SURFING, NORDIC_SKIING, ROWING, RUNNING, SAILING, SEA_HIKING, SKATING,
      SKIING, SNOWBOARDING, SUP, SURFING, SWIMMING, WAKEBOARDING, WALKING, WIND_SURFING, WINGFOILING,
      OTHER, DELIVERY, SHIFT, SURVEILLANCE, TRIP, SIX_MINUTE_WALK_TEST`),
  ],
  [
    'EquipmentType (app §3)',
    EquipmentType,
    words(`VESSEL, VEHICLE, BOARD, KITE_WING, SAIL, BIKE, CLIMBING, SKIS, SAFETY, COMMUNICATION,
      HELMET, LIFE_JACKET, CLOTHING, FOOTWEAR, TENT, OTHER`),
  ],
  [
    'VesselType (app §3 + OTHER of policy §3)',
    VesselType,
    words(`CANOE, DINGHY, KAYAK, MOTORBOAT_INBOARD, MOTORBOAT_OUTBOARD, MULTI_HULL, RIB_SPORTS_BOAT,
      ROWBOAT, SAILBOAT_NO_ENGINE, SAILBOAT_WITH_ENGINE, OTHER`),
  ],
  [
    'AlertType (policy §3, 26 types)',
    AlertType,
    words(`ASSISTANCE, BATTERY_CRITICAL, BATTERY_LOW, CHECK_IN_MISSED, FALL, GEOFENCE, MANUAL, NO_DATA,
      NO_GPS, NO_MOTION, NOT_WORN, NONE, OXYGEN_LOW, OXYGEN_BATTERY_LOW, OXYGEN_BATTERY_CRITICAL,
      RESPIRATORY_HIGH, RESPIRATORY_LOW, RESPIRATORY_BATTERY_LOW, RESPIRATORY_BATTERY_CRITICAL,
      TEMPERATURE_HIGH, TEMPERATURE_LOW, TEMPERATURE_BATTERY_LOW, TEMPERATURE_BATTERY_CRITICAL,
      NO_RESPONSE, TRIP_SHARE, UNKNOWN`),
  ],
  [
    'AlertClosureReason (policy §3)',
    AlertClosureReason,
    words('CHARGING, CLOSE_ALL_COMMAND, DEFUNCT, EXPIRED, METRIC, TRACKING_STOPPED, ZONE_SAFE'),
  ],
  [
    'AlertCloseState (app §4)',
    AlertCloseState,
    words('OPEN CLOSED CLOSED_BY_USER CLOSED_BY_OPERATOR CLOSED_BY_SYSTEM'),
  ],
  ['CheckInState (app §4)', CheckInState, ['Missing', 'CheckedIn']],
  [
    'ActivityStatus (app §4)',
    ActivityStatus,
    words('ACTIVE, ALERT, ASSISTANCE, COMPLETE, INACTIVE, LOADING, MANUAL, NOT_FOUND, RESOLVED'),
  ],
  ['MessageState (app §4)', MessageState, words('OUTBOX DELIVERED SEEN')],
  ['ZoneType (app §3)', ZoneType, words('CIRCLE BEACON POLYGON')],
  ['ZoneKind (app §3)', ZoneKind, words('SAFETY DANGER')],
  [
    'BodyPosition (app §3, 7 positions)',
    BodyPosition,
    words('STANDING_UP SITTING_LYING LYING_ON_BACK LEFT_SIDE RIGHT_SIDE STOMACH UNKNOWN'),
  ],
  [
    'ActorType (policy §3)',
    ActorType,
    words('API_USER, GUARDIAN, MONITORING_ORGANIZATION, OPERATOR, SYSTEM, WEARER'),
  ],
  [
    'ApiUserRight (policy §3)',
    ApiUserRight,
    words('ALERT_CLOSE, ALERT_CREATE, ALERT_QUERY, ALERT_UPDATE, All'),
  ],
  [
    'TimelineItemType (policy §3)',
    TimelineItemType,
    words('ACTIVITY_START, ACTIVITY_END, ALERT_START, ALERT_NOTE, ALERT_CLOSED, BODY_POSITION'),
  ],
  ['SplitType (policy §3)', SplitType, words('DISTANCE_KM, TIME_MINUTES')],
  ['Sex (app §3)', Sex, words('Female Male Unspecified')],
  ['DistanceUnit (app §3)', DistanceUnit, words('km mi')],
  ['HeightUnit (app §3)', HeightUnit, words('cm m in')],
  ['TemperatureUnit (app §9)', TemperatureUnit, words('C F')],
  ['TimeMode (app §3)', TimeMode, ['UTC', 'Local Browser', 'Client Timezone']],
  ['TimeFormat (app §3)', TimeFormat, ['24 hour', '12 hour']],
  [
    'LanguageCode (app §9)',
    LanguageCode,
    words('da, de, en, es, et, fi, fr, ga, ht, it, ja, lt, lv, nl, no, pt, sv, ua'),
  ],
  [
    'CountryCode (policy Vocabulary)',
    CountryCode,
    words(`AT, AU, BE, CH, DE, DK, EE, ES, FI, FR, IE, IL, IT, JP, LI, LT, LV, NL, NO, PT, SE, UK,
      US, ZA`),
  ],
  [
    'DeviceType (policy §3, 10 types)',
    DeviceType,
    words(`MSAFETY SILVER_SHIELD SMARTPHONE_APP BRACELET EV04_MINI EV05_COMFORT EV06_OKTAVE EV07
      SENSOR UNKNOWN`),
  ],
  [
    'SubscriptionProductCode (policy §3)',
    SubscriptionProductCode,
    words(`nlactive_daily, nlactive_weekly, nlactive_monthly, nlactive_one_year, nlactive_seasonal,
      nlactive_yearly`),
  ],
  [
    'BillingFrequency (policy §3)',
    BillingFrequency,
    words('daily, weekly, monthly, monthlyX, yearly, trial, upfront, unknown'),
  ],
  ['SubscriptionState (policy §4)', SubscriptionState, words('active, expired, inactive, trial')],
  ['DocumentType (app §3)', DocumentType, words('Eula PrivacyPolicy Logo')],
  [
    'EntityType (app §3, live change events)',
    EntityType,
    words(`Activity, Alert, ApiUser, Brand, Client, ClientSettings, Device, Incident, Location,
      MessageThread, MessageWearer, Operator, OrgGroup, Room, Subscription, Wearer, WearerEquipment,
      WearerNote, WearerReminder, WearerRole, Zone`),
  ],
  [
    'SocketConnectionState (app §4)',
    SocketConnectionState,
    words('connected, disconnected, reconnecting'),
  ],
  ['ThemeMode (app §7)', ThemeMode, words('DARK LIGHT')],
];

describe('enums match the spec lists', () => {
  it.each(SPEC_ENUMS)('%s', (_name, schema, expected) => {
    expect([...schema.options].sort()).toEqual([...expected].sort());
    expect(new Set(schema.options).size).toBe(schema.options.length);
  });

  it('the display type adds only the alert pseudo-type to the activity types', () => {
    expect(
      ActivityDisplayType.options.filter((type) => !ActivityType.safeParse(type).success),
    ).toEqual(['ALERT']);
    expect(ActivityType.safeParse('ALERT').success).toBe(false);
  });
});

describe('Severity (app §3)', () => {
  it.each([
    ['None', 0],
    ['Informational', 1],
    ['Low', 2],
    ['Warning', 3],
    ['Critical', 4],
  ] as const)('%s is %i on the wire', (name, level) => {
    expect(SEVERITY[name]).toBe(level);
    expect(Severity.parse(level)).toBe(level);
    expect(SeverityName.options[level]).toBe(name);
  });

  it.each([-1, 5, 2.5, '3'])('refuses %j', (value) => {
    expect(Severity.safeParse(value).success).toBe(false);
  });
});

describe('country lists (policy Vocabulary)', () => {
  it('has 18 LTE-M countries and the 4 rescue partner countries, all known', () => {
    expect(LTE_M_COUNTRIES).toHaveLength(18);
    expect([...RESCUE_PARTNER_COUNTRIES].sort()).toEqual(['DE', 'DK', 'NL', 'NO']);
    for (const code of [...LTE_M_COUNTRIES, ...RESCUE_PARTNER_COUNTRIES]) {
      expect(CountryCode.safeParse(code).success).toBe(true);
    }
  });
});
