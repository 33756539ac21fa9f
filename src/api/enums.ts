import * as z from 'zod/mini';

/*
 * The contract's closed vocabularies. "app §n" is spec/application-behaviour.md section n, "policy §n"
 * is spec/policy-and-vocabulary.md section n. Where the spec gives only display wording, a stable
 * SCREAMING_CASE code is chosen and the mapping documented; where it gives a literal value (unit codes,
 * 'Missing', 'CheckedIn', 'Eula' …) that value is kept as written.
 */

/** Recorded activity types (app §3 "Activity types", policy §3 "Activity"). */
export const ActivityType = z.enum([
  'BOATING',
  'CANOEING',
  'CLIMBING',
  'COASTEERING',
  'CYCLING',
  'DRIVE',
  'FISHING',
  'HIKING',
  'HORSE_RIDING',
  'JET_SKIING',
  'KAYAKING',
  'KITE_SURFING',
  'NORDIC_SKIING',
  'ROWING',
  'RUNNING',
  'SAILING',
  'SEA_HIKING',
  'SKATING',
  'SKIING',
  'SNOWBOARDING',
  'SUP',
  'SURFING',
  'SWIMMING',
  'WAKEBOARDING',
  'WALKING',
  'WIND_SURFING',
  'WINGFOILING',
  'OTHER',
  'DELIVERY',
  'SHIFT',
  'SURVEILLANCE',
  'TRIP',
  'SIX_MINUTE_WALK_TEST',
]);
export type ActivityType = z.infer<typeof ActivityType>;

/**
 * What an activity list or timeline shows as its type: every {@link ActivityType} plus the alert
 * pseudo-type `ALERT` (app §3, policy §3 "Activity types shown"). Never sent to the server as a type.
 */
export const ActivityDisplayType = z.enum([...ActivityType.options, 'ALERT']);
export type ActivityDisplayType = z.infer<typeof ActivityDisplayType>;

/** Equipment types (app §3 "Equipment", policy §3 "Equipment"). */
export const EquipmentType = z.enum([
  'VESSEL',
  'VEHICLE',
  'BOARD',
  'KITE_WING',
  'SAIL',
  'BIKE',
  'CLIMBING',
  'SKIS',
  'SAFETY',
  'COMMUNICATION',
  'HELMET',
  'LIFE_JACKET',
  'CLOTHING',
  'FOOTWEAR',
  'TENT',
  'OTHER',
]);
export type EquipmentType = z.infer<typeof EquipmentType>;

/** Vessel types of a VESSEL equipment (app §3; OTHER from policy §3 "Equipment"). */
export const VesselType = z.enum([
  'CANOE',
  'DINGHY',
  'KAYAK',
  'MOTORBOAT_INBOARD',
  'MOTORBOAT_OUTBOARD',
  'MULTI_HULL',
  'RIB_SPORTS_BOAT',
  'ROWBOAT',
  'SAILBOAT_NO_ENGINE',
  'SAILBOAT_WITH_ENGINE',
  'OTHER',
]);
export type VesselType = z.infer<typeof VesselType>;

/**
 * Alert types, with policy §3's names. Mapping to app §3's names:
 * No Response → NO_RESPONSE, Assistance → ASSISTANCE, BatteryLowPercent → BATTERY_LOW,
 * BatteryVeryLowPercent → BATTERY_CRITICAL, CheckInMissed → CHECK_IN_MISSED, FallDown → FALL,
 * Geofence → GEOFENCE, Manual → MANUAL, NoDataSeconds → NO_DATA, NoGpsSeconds → NO_GPS,
 * NoMotionSeconds → NO_MOTION, NotWorn → NOT_WORN, OxygenLow → OXYGEN_LOW,
 * RespiratoryHigh/Low → RESPIRATORY_HIGH/LOW, TempHigh/TempLow → TEMPERATURE_HIGH/LOW,
 * {oxygen,respiratory,temperature} battery low / very low → {OXYGEN,RESPIRATORY,TEMPERATURE}_BATTERY_LOW /
 * _BATTERY_CRITICAL, TripShare → TRIP_SHARE, Unknown → UNKNOWN. NONE (policy only) means "no alert".
 */
export const AlertType = z.enum([
  'ASSISTANCE',
  'BATTERY_CRITICAL',
  'BATTERY_LOW',
  'CHECK_IN_MISSED',
  'FALL',
  'GEOFENCE',
  'MANUAL',
  'NO_DATA',
  'NO_GPS',
  'NO_MOTION',
  'NOT_WORN',
  'NONE',
  'OXYGEN_LOW',
  'OXYGEN_BATTERY_LOW',
  'OXYGEN_BATTERY_CRITICAL',
  'RESPIRATORY_HIGH',
  'RESPIRATORY_LOW',
  'RESPIRATORY_BATTERY_LOW',
  'RESPIRATORY_BATTERY_CRITICAL',
  'TEMPERATURE_HIGH',
  'TEMPERATURE_LOW',
  'TEMPERATURE_BATTERY_LOW',
  'TEMPERATURE_BATTERY_CRITICAL',
  'NO_RESPONSE',
  'TRIP_SHARE',
  'UNKNOWN',
]);
export type AlertType = z.infer<typeof AlertType>;

/** Severity levels by name → wire value (app §3 "Alert configuration", policy §3 "Alert"). */
export const SEVERITY = { None: 0, Informational: 1, Low: 2, Warning: 3, Critical: 4 } as const;

/** Alert severity on the wire: 0 None, 1 Informational, 2 Low, 3 Warning, 4 Critical (app §3). */
export const Severity = z.literal([0, 1, 2, 3, 4]);
export type Severity = z.infer<typeof Severity>;

/** Severity names, for display and configuration files (app §3). */
export const SeverityName = z.enum(['None', 'Informational', 'Low', 'Warning', 'Critical']);
export type SeverityName = z.infer<typeof SeverityName>;

/**
 * Why an alert was closed (policy §3). App §3 wording: charging → CHARGING, close command from device →
 * CLOSE_ALL_COMMAND, newer alert → DEFUNCT, expired → EXPIRED, metric back to normal → METRIC,
 * tracking stopped → TRACKING_STOPPED, zone safe → ZONE_SAFE.
 */
export const AlertClosureReason = z.enum([
  'CHARGING',
  'CLOSE_ALL_COMMAND',
  'DEFUNCT',
  'EXPIRED',
  'METRIC',
  'TRACKING_STOPPED',
  'ZONE_SAFE',
]);
export type AlertClosureReason = z.infer<typeof AlertClosureReason>;

/**
 * Close state of an alert (app §4 "Alert close states"). Codes chosen for the display wording:
 * Open → OPEN, Closed → CLOSED, Closed by User → CLOSED_BY_USER, Closed by Operator →
 * CLOSED_BY_OPERATOR (hidden in the operator view), Closed by System → CLOSED_BY_SYSTEM.
 */
export const AlertCloseState = z.enum([
  'OPEN',
  'CLOSED',
  'CLOSED_BY_USER',
  'CLOSED_BY_OPERATOR',
  'CLOSED_BY_SYSTEM',
]);
export type AlertCloseState = z.infer<typeof AlertCloseState>;

/** State of a check-in (app §4 "Check-in states"), values as the spec writes them. */
export const CheckInState = z.enum(['Missing', 'CheckedIn']);
export type CheckInState = z.infer<typeof CheckInState>;

/**
 * Activity statuses (app §4, policy §3). MANUAL is a manual emergency; LOADING and NOT_FOUND are
 * client-side states of a view and are never stored by the server.
 */
export const ActivityStatus = z.enum([
  'ACTIVE',
  'ALERT',
  'ASSISTANCE',
  'COMPLETE',
  'INACTIVE',
  'LOADING',
  'MANUAL',
  'NOT_FOUND',
  'RESOLVED',
]);
export type ActivityStatus = z.infer<typeof ActivityStatus>;

/** Delivery status of a message to the wearer (app §4 "Message delivery status"). */
export const MessageState = z.enum(['OUTBOX', 'DELIVERED', 'SEEN']);
export type MessageState = z.infer<typeof MessageState>;

/** Geometry of a zone (app §3 "Zones"; policy calls it the zone configuration). */
export const ZoneType = z.enum(['CIRCLE', 'BEACON', 'POLYGON']);
export type ZoneType = z.infer<typeof ZoneType>;

/** Meaning of a zone: safe area or danger area (app §3 "Zones"). */
export const ZoneKind = z.enum(['SAFETY', 'DANGER']);
export type ZoneKind = z.infer<typeof ZoneKind>;

/**
 * Body position reported with a fall (app §3, policy §3). Codes chosen: standing up → STANDING_UP,
 * sitting/lying → SITTING_LYING, lying on back → LYING_ON_BACK, left side → LEFT_SIDE,
 * right side → RIGHT_SIDE, stomach → STOMACH, unknown → UNKNOWN.
 */
export const BodyPosition = z.enum([
  'STANDING_UP',
  'SITTING_LYING',
  'LYING_ON_BACK',
  'LEFT_SIDE',
  'RIGHT_SIDE',
  'STOMACH',
  'UNKNOWN',
]);
export type BodyPosition = z.infer<typeof BodyPosition>;

/** Who acted on an alert or timeline item (app §6, policy §3 "Actor types"). */
export const ActorType = z.enum([
  'API_USER',
  'GUARDIAN',
  'MONITORING_ORGANIZATION',
  'OPERATOR',
  'SYSTEM',
  'WEARER',
]);
export type ActorType = z.infer<typeof ActorType>;

/** Rights of an API user (app §3, policy §3); `All` is written as the vocabulary writes it. */
export const ApiUserRight = z.enum([
  'ALERT_CLOSE',
  'ALERT_CREATE',
  'ALERT_QUERY',
  'ALERT_UPDATE',
  'All',
]);
export type ApiUserRight = z.infer<typeof ApiUserRight>;

/** Kinds of item on an activity's timeline tab (policy §3 "Alert"). */
export const TimelineItemType = z.enum([
  'ACTIVITY_START',
  'ACTIVITY_END',
  'ALERT_START',
  'ALERT_NOTE',
  'ALERT_CLOSED',
  'BODY_POSITION',
]);
export type TimelineItemType = z.infer<typeof TimelineItemType>;

/** How an activity is split: every N kilometres or every N minutes (policy §3 "Activity"). */
export const SplitType = z.enum(['DISTANCE_KM', 'TIME_MINUTES']);
export type SplitType = z.infer<typeof SplitType>;

/** Sex of a member (app §3 "Member"); policy §3 shows only Female and Male in forms. */
export const Sex = z.enum(['Female', 'Male', 'Unspecified']);
export type Sex = z.infer<typeof Sex>;

/** Distance unit (app §3 "Units defaults"). */
export const DistanceUnit = z.enum(['km', 'mi']);
export type DistanceUnit = z.infer<typeof DistanceUnit>;

/** Height unit (app §3 "Units defaults"). */
export const HeightUnit = z.enum(['cm', 'm', 'in']);
export type HeightUnit = z.infer<typeof HeightUnit>;

/** Speed unit (app §3 default km/h; policy "Vocabulary" units km/h, kts, mph). */
export const SpeedUnit = z.enum(['km/h', 'mph', 'kts']);
export type SpeedUnit = z.infer<typeof SpeedUnit>;

/**
 * Wind speed unit (app §3 default kts). The spec lists no other wind unit; km/h and mph come from the
 * vocabulary's unit list and m/s is added because Nordic forecasts use it.
 */
export const SpeedWindUnit = z.enum(['kts', 'km/h', 'mph', 'm/s']);
export type SpeedWindUnit = z.infer<typeof SpeedWindUnit>;

/** Temperature unit, shown with one decimal (app §9 "Defaults"). */
export const TemperatureUnit = z.enum(['C', 'F']);
export type TemperatureUnit = z.infer<typeof TemperatureUnit>;

/** Weight unit (app §3 default kg; lb chosen as the alternative, the spec names none). */
export const WeightUnit = z.enum(['kg', 'lb']);
export type WeightUnit = z.infer<typeof WeightUnit>;

/** Which clock times are shown in (app §3 "Time modes"), values as the spec writes them. */
export const TimeMode = z.enum(['UTC', 'Local Browser', 'Client Timezone']);
export type TimeMode = z.infer<typeof TimeMode>;

/** 24- or 12-hour clock (app §3 "Time format"), values as the spec writes them. */
export const TimeFormat = z.enum(['24 hour', '12 hour']);
export type TimeFormat = z.infer<typeof TimeFormat>;

/**
 * Date display format (app §3 default YYYY-MM-DD; policy §5 shows yyyy/mm/dd and a dd/mm/yyyy form).
 */
export const DateFormat = z.enum(['YYYY-MM-DD', 'YYYY/MM/DD', 'DD/MM/YYYY']);
export type DateFormat = z.infer<typeof DateFormat>;

/**
 * Coordinate display format (app §3 default dms; policy "Vocabulary"): dms degrees-minutes-seconds,
 * ddm degrees-decimal-minutes, dd decimal degrees.
 */
export const LocationFormat = z.enum(['dms', 'ddm', 'dd']);
export type LocationFormat = z.infer<typeof LocationFormat>;

/** Supported UI languages (app §9 "Languages"; `no` is Norwegian Bokmål, nb). */
export const LanguageCode = z.enum([
  'da',
  'de',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'ht',
  'it',
  'ja',
  'lt',
  'lv',
  'nl',
  'no',
  'pt',
  'sv',
  'ua',
]);
export type LanguageCode = z.infer<typeof LanguageCode>;

/** Countries of the vocabulary's country list (policy "Vocabulary"); UK, not GB, as written there. */
export const CountryCode = z.enum([
  'AT',
  'AU',
  'BE',
  'CH',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'IE',
  'IL',
  'IT',
  'JP',
  'LI',
  'LT',
  'LV',
  'NL',
  'NO',
  'PT',
  'SE',
  'UK',
  'US',
  'ZA',
]);
export type CountryCode = z.infer<typeof CountryCode>;

/** Countries with LTE-M support for the watch (policy "Vocabulary", supported-countries table). */
export const LTE_M_COUNTRIES: readonly CountryCode[] = [
  'AU',
  'AT',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'IT',
  'JP',
  'LI',
  'LT',
  'LV',
  'NL',
  'NO',
  'PT',
  'ES',
  'SE',
  'CH',
];

/** Countries with a partner rescue organisation (policy §1 "Alert and rescue routing"). */
export const RESCUE_PARTNER_COUNTRIES: readonly CountryCode[] = ['DE', 'DK', 'NL', 'NO'];

/**
 * Device types (policy §3 "Device"). Codes chosen: mSafety watch → MSAFETY, the silver-shield type →
 * SILVER_SHIELD, smartphone app → SMARTPHONE_APP, Bracelet → BRACELET, EV04 Mini → EV04_MINI,
 * EV05 Comfort → EV05_COMFORT, EV06 Oktave → EV06_OKTAVE, EV07 → EV07, the further sensor-brand
 * type → SENSOR, unknown → UNKNOWN. BRACELET and EV0x are the one device family whose watch only
 * accepts calls from emergency-contact phones (policy §1).
 */
export const DeviceType = z.enum([
  'MSAFETY',
  'SILVER_SHIELD',
  'SMARTPHONE_APP',
  'BRACELET',
  'EV04_MINI',
  'EV05_COMFORT',
  'EV06_OKTAVE',
  'EV07',
  'SENSOR',
  'UNKNOWN',
]);
export type DeviceType = z.infer<typeof DeviceType>;

/**
 * Subscription product codes (policy §3 "Subscription"): daily, weekly and one-year passes are one-off;
 * seasonal (6 months) and yearly renew automatically; monthly has a minimum term (policy §4).
 */
export const SubscriptionProductCode = z.enum([
  'nlactive_daily',
  'nlactive_weekly',
  'nlactive_monthly',
  'nlactive_one_year',
  'nlactive_seasonal',
  'nlactive_yearly',
]);
export type SubscriptionProductCode = z.infer<typeof SubscriptionProductCode>;

/** How often a subscription bills; monthlyX is every `Interval` months (policy §3). */
export const BillingFrequency = z.enum([
  'daily',
  'weekly',
  'monthly',
  'monthlyX',
  'yearly',
  'trial',
  'upfront',
  'unknown',
]);
export type BillingFrequency = z.infer<typeof BillingFrequency>;

/** State a subscription shows (policy §3 and §4 "Subscription lifecycle"). */
export const SubscriptionState = z.enum(['active', 'expired', 'inactive', 'trial']);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/**
 * Payment-gateway checkout mode of a product (app §7 "Payments" `Mode`; the spec gives no values):
 * `payment` for one-off passes, `subscription` for renewing plans.
 */
export const PaymentMode = z.enum(['payment', 'subscription']);
export type PaymentMode = z.infer<typeof PaymentMode>;

/** Client document types (app §3 "Client" Documents). */
export const DocumentType = z.enum(['Eula', 'PrivacyPolicy', 'Logo']);
export type DocumentType = z.infer<typeof DocumentType>;

/** Entity types carried by live change events (app §3, last paragraph). */
export const EntityType = z.enum([
  'Activity',
  'Alert',
  'ApiUser',
  'Brand',
  'Client',
  'ClientSettings',
  'Device',
  'Incident',
  'Location',
  'MessageThread',
  'MessageWearer',
  'Operator',
  'OrgGroup',
  'Room',
  'Subscription',
  'Wearer',
  'WearerEquipment',
  'WearerNote',
  'WearerReminder',
  'WearerRole',
  'Zone',
]);
export type EntityType = z.infer<typeof EntityType>;

/** State of the realtime socket (app §4 "Socket connection"). */
export const SocketConnectionState = z.enum(['connected', 'disconnected', 'reconnecting']);
export type SocketConnectionState = z.infer<typeof SocketConnectionState>;

/** Light or dark theme; also the `theme` query value of brand logos (app §7). */
export const ThemeMode = z.enum(['DARK', 'LIGHT']);
export type ThemeMode = z.infer<typeof ThemeMode>;

/**
 * Default alert configuration profiles (app §3 "Alert configuration"): general, protect-active and
 * care. Codes chosen.
 */
export const AlertProfile = z.enum(['GENERAL', 'PROTECT_ACTIVE', 'CARE']);
export type AlertProfile = z.infer<typeof AlertProfile>;

/**
 * Failure codes of change-email-step-2 (app §8: key Email.Errors.UpdateEmail_{ErrorCode or Other};
 * policy §8: code expired, code invalid, other). Codes chosen; anything else shows the `Other` text.
 */
export const EmailChangeErrorCode = z.enum(['CODE_EXPIRED', 'CODE_INVALID']);
export type EmailChangeErrorCode = z.infer<typeof EmailChangeErrorCode>;
