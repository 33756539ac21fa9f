import { describe, expect, it } from 'vitest';
import { alertConfigMap, type AlertProfile } from '../../../../server/alerts/alertConfigurations';
import { evaluateObservations } from '../../../../server/alerts/alertRules';
import type {
  AlertState,
  Decision,
  Observation,
  OpenAlert,
  RuleContext,
} from '../../../../server/alerts/alertState';
import type { ZoneShape } from '../../../../server/alerts/zoneGeometry';
import type { AlertType } from '../../../../src/api/enums';

const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
const HOME = { lat: 58.97, lon: 5.73 };

function context(overrides: Partial<RuleContext> = {}, profile: AlertProfile = 'GENERAL') {
  return {
    configs: alertConfigMap(profile),
    zones: [],
    nowMs: T0,
    lastPosition: HOME,
    ...overrides,
  } satisfies RuleContext;
}

function open(...types: AlertType[]): AlertState {
  return {
    open: types.map((type): OpenAlert => ({
      type,
      severity: 3,
      openedMs: T0 - 60_000,
      position: HOME,
    })),
    pausedUntilMs: null,
  };
}

/** Decisions as compact strings, e.g. 'OPEN ASSISTANCE' / 'CLOSE BATTERY_LOW DEFUNCT'. */
function summary(decisions: readonly Decision[]): string[] {
  return decisions.map((d) =>
    d.kind === 'OPEN'
      ? `OPEN ${d.type}`
      : d.kind === 'REARM'
        ? `REARM ${d.type}`
        : `CLOSE ${d.type} ${d.reason}${d.by === 'WEARER' ? ' by WEARER' : ''}`,
  );
}

const at = (seconds: number) => T0 + seconds * 1000;

describe('alert rules for what a device reports (issue 5 item 3; app §3, §9)', () => {
  it.each<[string, AlertState, Observation[], string[]]>([
    [
      'SOS opens ASSISTANCE at once',
      open(),
      [{ kind: 'HELP', type: 'ASSISTANCE', timeMs: at(1) }],
      ['OPEN ASSISTANCE'],
    ],
    [
      'a second SOS while one is open opens nothing',
      open('ASSISTANCE'),
      [{ kind: 'HELP', type: 'ASSISTANCE', timeMs: at(1) }],
      [],
    ],
    [
      'an SOS 30 minutes after an open one nobody resolved is a new alert (the old one DEFUNCT)',
      open('ASSISTANCE'),
      [{ kind: 'HELP', type: 'ASSISTANCE', timeMs: T0 - 60_000 + 30 * 60_000 }],
      ['CLOSE ASSISTANCE DEFUNCT', 'OPEN ASSISTANCE'],
    ],
    [
      'an SOS just under 30 minutes after the open one is the same emergency',
      open('ASSISTANCE'),
      [{ kind: 'HELP', type: 'ASSISTANCE', timeMs: T0 - 60_000 + 30 * 60_000 - 1 }],
      [],
    ],
    [
      'a manual emergency supersedes an open assistance request (newer alert)',
      open('ASSISTANCE'),
      [{ kind: 'HELP', type: 'MANUAL', timeMs: at(1) }],
      ['CLOSE ASSISTANCE DEFUNCT', 'OPEN MANUAL'],
    ],
    [
      'a fall opens FALL',
      open(),
      [{ kind: 'FALL', timeMs: at(1), bodyPosition: 'LYING_ON_BACK' }],
      ['OPEN FALL'],
    ],
    [
      'a fall while an unresolved one is open is the same emergency',
      open('FALL'),
      [{ kind: 'FALL', timeMs: at(60), bodyPosition: 'LYING_ON_BACK' }],
      [],
    ],
    [
      'a fall 30 minutes after an unresolved one is a new alert (the old one DEFUNCT), a week too',
      open('FALL'),
      [
        { kind: 'FALL', timeMs: T0 - 60_000 + 30 * 60_000, bodyPosition: 'LYING_ON_BACK' },
        { kind: 'FALL', timeMs: T0 + 7 * 86_400_000, bodyPosition: 'LEFT_SIDE' },
      ],
      ['CLOSE FALL DEFUNCT', 'OPEN FALL', 'CLOSE FALL DEFUNCT', 'OPEN FALL'],
    ],
    [
      'no response 30 minutes after an unresolved one is a new alert (the old one DEFUNCT)',
      open('NO_RESPONSE'),
      [{ kind: 'NO_RESPONSE', timeMs: T0 - 60_000 + 30 * 60_000 }],
      ['CLOSE NO_RESPONSE DEFUNCT', 'OPEN NO_RESPONSE'],
    ],
    [
      "an oxygen sensor's battery at 15 % opens OXYGEN_BATTERY_LOW, not the device's",
      open(),
      [{ kind: 'SENSOR_BATTERY', sensor: 'OXYGEN', timeMs: at(1), percent: 15 }],
      ['OPEN OXYGEN_BATTERY_LOW'],
    ],
    [
      "a temperature sensor's battery at 5 % opens its CRITICAL, the LOW one closing as newer alert",
      open('TEMPERATURE_BATTERY_LOW'),
      [{ kind: 'SENSOR_BATTERY', sensor: 'TEMPERATURE', timeMs: at(1), percent: 5 }],
      ['CLOSE TEMPERATURE_BATTERY_LOW DEFUNCT', 'OPEN TEMPERATURE_BATTERY_CRITICAL'],
    ],
    [
      "a respiration sensor's battery back above 15 % closes its alerts as METRIC, no other",
      open('RESPIRATORY_BATTERY_CRITICAL', 'BATTERY_LOW'),
      [{ kind: 'SENSOR_BATTERY', sensor: 'RESPIRATORY', timeMs: at(1), percent: 60 }],
      ['CLOSE RESPIRATORY_BATTERY_CRITICAL METRIC'],
    ],
    [
      'no answer to the watch prompt opens NO_RESPONSE',
      open(),
      [{ kind: 'NO_RESPONSE', timeMs: at(1) }],
      ['OPEN NO_RESPONSE'],
    ],
    [
      'a missed check-in opens CHECK_IN_MISSED; checking in closes it as METRIC by the wearer',
      open(),
      [
        { kind: 'CHECK_IN_MISSED', timeMs: at(1) },
        { kind: 'CHECK_IN', timeMs: at(2) },
      ],
      ['OPEN CHECK_IN_MISSED', 'CLOSE CHECK_IN_MISSED METRIC by WEARER'],
    ],
    [
      'a check-in with none missed changes nothing',
      open(),
      [{ kind: 'CHECK_IN', timeMs: at(1) }],
      [],
    ],
    [
      'battery 15 % opens BATTERY_LOW',
      open(),
      [{ kind: 'BATTERY', timeMs: at(1), percent: 15 }],
      ['OPEN BATTERY_LOW'],
    ],
    ['battery 16 % opens nothing', open(), [{ kind: 'BATTERY', timeMs: at(1), percent: 16 }], []],
    [
      'battery 5 % opens BATTERY_CRITICAL, the low alert is DEFUNCT',
      open('BATTERY_LOW'),
      [{ kind: 'BATTERY', timeMs: at(1), percent: 5 }],
      ['CLOSE BATTERY_LOW DEFUNCT', 'OPEN BATTERY_CRITICAL'],
    ],
    [
      'battery falling 20 → 14 → 4',
      open(),
      [20, 14, 4].map((percent, i): Observation => ({ kind: 'BATTERY', timeMs: at(i), percent })),
      ['OPEN BATTERY_LOW', 'CLOSE BATTERY_LOW DEFUNCT', 'OPEN BATTERY_CRITICAL'],
    ],
    [
      'battery back above 15 % closes as METRIC',
      open('BATTERY_LOW'),
      [{ kind: 'BATTERY', timeMs: at(1), percent: 40 }],
      ['CLOSE BATTERY_LOW METRIC'],
    ],
    [
      'a late battery reading from before the alert does not close it',
      open('BATTERY_LOW'),
      [{ kind: 'BATTERY', timeMs: at(-120), percent: 60 }],
      [],
    ],
    [
      'a tracking stop that arrives late still closes the tracking alerts the silence raised',
      open('NO_DATA', 'NO_MOTION', 'ASSISTANCE'),
      [{ kind: 'TRACKING_STOP', timeMs: at(-120) }],
      ['CLOSE NO_DATA TRACKING_STOPPED', 'CLOSE NO_MOTION TRACKING_STOPPED'],
    ],
    [
      'a buffered close command from before the SOS does not close it',
      open('ASSISTANCE'),
      [{ kind: 'CLOSE_ALERTS', timeMs: at(-120) }],
      [],
    ],
    [
      'charging closes battery and not-worn alerts',
      open('BATTERY_CRITICAL', 'NOT_WORN', 'ASSISTANCE'),
      [{ kind: 'CHARGING', timeMs: at(1) }],
      ['CLOSE BATTERY_CRITICAL CHARGING', 'CLOSE NOT_WORN CHARGING'],
    ],
    [
      'temperature 37.3 °C opens TEMPERATURE_HIGH',
      open(),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: 37.3,
          oxygenPct: null,
          respirationBpm: null,
          heartRateBpm: null,
        },
      ],
      ['OPEN TEMPERATURE_HIGH'],
    ],
    [
      'temperature 37.2 °C is not above the threshold',
      open(),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: 37.2,
          oxygenPct: null,
          respirationBpm: null,
          heartRateBpm: null,
        },
      ],
      [],
    ],
    [
      'temperature 31.9 °C opens TEMPERATURE_LOW',
      open(),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: 31.9,
          oxygenPct: null,
          respirationBpm: null,
          heartRateBpm: null,
        },
      ],
      ['OPEN TEMPERATURE_LOW'],
    ],
    [
      'temperature back in range closes as METRIC',
      open('TEMPERATURE_HIGH'),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: 36.8,
          oxygenPct: null,
          respirationBpm: null,
          heartRateBpm: null,
        },
      ],
      ['CLOSE TEMPERATURE_HIGH METRIC'],
    ],
    [
      'oxygen 94 % opens OXYGEN_LOW',
      open(),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: null,
          oxygenPct: 94,
          respirationBpm: null,
          heartRateBpm: null,
        },
      ],
      ['OPEN OXYGEN_LOW'],
    ],
    [
      'respiration 22 and 10 BPM',
      open(),
      [22, 10].map((respirationBpm, i): Observation => ({
        kind: 'VITALS',
        timeMs: at(i),
        temperatureC: null,
        oxygenPct: null,
        respirationBpm,
        heartRateBpm: null,
      })),
      ['OPEN RESPIRATORY_HIGH', 'CLOSE RESPIRATORY_HIGH METRIC', 'OPEN RESPIRATORY_LOW'],
    ],
    [
      'a heart rate closes NOT_WORN as METRIC',
      open('NOT_WORN'),
      [
        {
          kind: 'VITALS',
          timeMs: at(1),
          temperatureC: null,
          oxygenPct: null,
          respirationBpm: null,
          heartRateBpm: 72,
        },
      ],
      ['CLOSE NOT_WORN METRIC'],
    ],
    [
      'tracking stop closes tracking alerts, not help requests',
      open('NO_DATA', 'GEOFENCE', 'ASSISTANCE', 'FALL'),
      [{ kind: 'TRACKING_STOP', timeMs: at(1) }],
      ['CLOSE NO_DATA TRACKING_STOPPED', 'CLOSE GEOFENCE TRACKING_STOPPED'],
    ],
    [
      'the device close command closes everything, by the wearer',
      open('ASSISTANCE', 'BATTERY_LOW'),
      [{ kind: 'CLOSE_ALERTS', timeMs: at(1) }],
      [
        'CLOSE ASSISTANCE CLOSE_ALL_COMMAND by WEARER',
        'CLOSE BATTERY_LOW CLOSE_ALL_COMMAND by WEARER',
      ],
    ],
    [
      'data back closes NO_DATA, a fix closes NO_GPS',
      open('NO_DATA', 'NO_GPS'),
      [
        { kind: 'DATA', timeMs: at(1) },
        { kind: 'POSITION', timeMs: at(1), position: HOME, haccM: 5 },
      ],
      ['CLOSE NO_DATA METRIC', 'CLOSE NO_GPS METRIC'],
    ],
    [
      'a fix 51 m away whose accuracy is 20 m does not close NO_MOTION (the scatter of a still wearer)',
      open('NO_MOTION'),
      [
        {
          kind: 'POSITION',
          timeMs: at(1),
          position: { lat: HOME.lat + 0.00046, lon: HOME.lon },
          haccM: 20,
        },
      ],
      [],
    ],
    [
      'a fix 600 m away with an accuracy of 400 m (a network location) does not close NO_MOTION',
      open('NO_MOTION'),
      [
        {
          kind: 'POSITION',
          timeMs: at(1),
          position: { lat: HOME.lat + 0.0054, lon: HOME.lon },
          haccM: 400,
        },
      ],
      [],
    ],
    [
      'a fix 80 m away with an accuracy of 20 m closes NO_MOTION',
      open('NO_MOTION'),
      [
        {
          kind: 'POSITION',
          timeMs: at(1),
          position: { lat: HOME.lat + 0.00072, lon: HOME.lon },
          haccM: 20,
        },
      ],
      ['CLOSE NO_MOTION METRIC'],
    ],
    [
      'moving 51 m closes NO_MOTION; 40 m does not',
      open('NO_MOTION'),
      [
        {
          kind: 'POSITION',
          timeMs: at(1),
          position: { lat: HOME.lat + 0.00036, lon: HOME.lon },
          haccM: null,
        },
        {
          kind: 'POSITION',
          timeMs: at(2),
          position: { lat: HOME.lat + 0.00046, lon: HOME.lon },
          haccM: null,
        },
      ],
      ['CLOSE NO_MOTION METRIC'],
    ],
    [
      'observations are evaluated in device time order',
      open(),
      [
        { kind: 'BATTERY', timeMs: at(2), percent: 50 },
        { kind: 'BATTERY', timeMs: at(1), percent: 10 },
      ],
      ['OPEN BATTERY_LOW', 'CLOSE BATTERY_LOW METRIC'],
    ],
  ])('%s', (_name, state, observations, expected) => {
    expect(summary(evaluateObservations(state, observations, context()).decisions)).toEqual(
      expected,
    );
  });

  it('an opened alert carries its severity, value, body position and the latest position', () => {
    const fix = { lat: 59.0, lon: 6.0 };
    const { decisions } = evaluateObservations(
      open(),
      [
        { kind: 'POSITION', timeMs: at(1), position: fix, haccM: 8 },
        { kind: 'FALL', timeMs: at(2), bodyPosition: 'LEFT_SIDE' },
        { kind: 'BATTERY', timeMs: at(3), percent: 12 },
      ],
      context(),
    );
    expect(decisions).toEqual([
      {
        kind: 'OPEN',
        type: 'FALL',
        severity: 4,
        timeMs: at(2),
        value: null,
        bodyPosition: 'LEFT_SIDE',
        position: fix,
      },
      {
        kind: 'OPEN',
        type: 'BATTERY_LOW',
        severity: 1,
        timeMs: at(3),
        value: 12,
        bodyPosition: null,
        position: fix,
      },
    ]);
  });

  it('a pause holds automatic alerts but never the wearer’s own help request nor an unanswered are-you-OK prompt', () => {
    const paused: AlertState = { open: [], pausedUntilMs: T0 + 60_000 };
    const observations: Observation[] = [
      { kind: 'BATTERY', timeMs: at(1), percent: 3 },
      { kind: 'FALL', timeMs: at(2), bodyPosition: 'UNKNOWN' },
      { kind: 'HELP', type: 'ASSISTANCE', timeMs: at(3) },
      { kind: 'NO_RESPONSE', timeMs: at(4) },
    ];
    expect(summary(evaluateObservations(paused, observations, context()).decisions)).toEqual([
      'OPEN ASSISTANCE',
      'OPEN NO_RESPONSE',
    ]);
    const after = context({ nowMs: T0 + 60_000 });
    expect(summary(evaluateObservations(paused, observations, after).decisions)).toEqual([
      'OPEN BATTERY_CRITICAL',
      'OPEN FALL',
      'OPEN ASSISTANCE',
      'OPEN NO_RESPONSE',
    ]);
  });

  describe('clearing bands: a metric wavering at its threshold does not reopen the alert (clearingBands.ts)', () => {
    const battery = (...percents: number[]) =>
      percents.map((percent, i): Observation => ({ kind: 'BATTERY', timeMs: at(i + 1), percent }));
    const vitals = (
      readings: Partial<
        Pick<
          Extract<Observation, { kind: 'VITALS' }>,
          'temperatureC' | 'oxygenPct' | 'respirationBpm'
        >
      >[],
    ) =>
      readings.map((reading, i): Observation => ({
        kind: 'VITALS',
        timeMs: at(i + 1),
        temperatureC: null,
        oxygenPct: null,
        respirationBpm: null,
        heartRateBpm: null,
        ...reading,
      }));

    it.each<[string, AlertState, Observation[], string[]]>([
      [
        'a battery at 15/16/15/19 % opens BATTERY_LOW once and keeps it open',
        open(),
        battery(15, 16, 15, 19),
        ['OPEN BATTERY_LOW'],
      ],
      [
        'BATTERY_LOW closes at 20 %',
        open('BATTERY_LOW'),
        battery(20),
        ['CLOSE BATTERY_LOW METRIC'],
      ],
      [
        'a battery at 5/6/5/9 % keeps BATTERY_CRITICAL open and opens no BATTERY_LOW',
        open(),
        battery(5, 6, 5, 9),
        ['OPEN BATTERY_CRITICAL'],
      ],
      [
        'BATTERY_CRITICAL closes at 10 %, still low: BATTERY_LOW opens',
        open('BATTERY_CRITICAL'),
        battery(10),
        ['CLOSE BATTERY_CRITICAL METRIC', 'OPEN BATTERY_LOW'],
      ],
      [
        'a sensor battery follows the same bands',
        open('OXYGEN_BATTERY_LOW'),
        [16, 19, 20].map((percent, i): Observation => ({
          kind: 'SENSOR_BATTERY',
          sensor: 'OXYGEN',
          timeMs: at(i + 1),
          percent,
        })),
        ['CLOSE OXYGEN_BATTERY_LOW METRIC'],
      ],
      [
        'a temperature at 37.3/37.1/37.3 °C opens TEMPERATURE_HIGH once; 36.9 °C closes it',
        open(),
        vitals([
          { temperatureC: 37.3 },
          { temperatureC: 37.1 },
          { temperatureC: 37.3 },
          { temperatureC: 36.9 },
        ]),
        ['OPEN TEMPERATURE_HIGH', 'CLOSE TEMPERATURE_HIGH METRIC'],
      ],
      [
        'TEMPERATURE_LOW stays open at 32.2 °C',
        open('TEMPERATURE_LOW'),
        vitals([{ temperatureC: 32.2 }]),
        [],
      ],
      [
        'TEMPERATURE_LOW closes at 32.3 °C',
        open('TEMPERATURE_LOW'),
        vitals([{ temperatureC: 32.3 }]),
        ['CLOSE TEMPERATURE_LOW METRIC'],
      ],
      [
        'oxygen at 94/95/94 % opens OXYGEN_LOW once; 96 % closes it',
        open(),
        vitals([{ oxygenPct: 94 }, { oxygenPct: 95 }, { oxygenPct: 94 }, { oxygenPct: 96 }]),
        ['OPEN OXYGEN_LOW', 'CLOSE OXYGEN_LOW METRIC'],
      ],
      [
        'respiration at 22/20/22 BPM opens RESPIRATORY_HIGH once; 19 BPM closes it',
        open(),
        vitals([
          { respirationBpm: 22 },
          { respirationBpm: 20 },
          { respirationBpm: 22 },
          { respirationBpm: 19 },
        ]),
        ['OPEN RESPIRATORY_HIGH', 'CLOSE RESPIRATORY_HIGH METRIC'],
      ],
      [
        'RESPIRATORY_LOW stays open at 12 BPM',
        open('RESPIRATORY_LOW'),
        vitals([{ respirationBpm: 12 }]),
        [],
      ],
      [
        'RESPIRATORY_LOW closes at 13 BPM',
        open('RESPIRATORY_LOW'),
        vitals([{ respirationBpm: 13 }]),
        ['CLOSE RESPIRATORY_LOW METRIC'],
      ],
    ])('%s', (_name, state, observations, expected) => {
      expect(summary(evaluateObservations(state, observations, context()).decisions)).toEqual(
        expected,
      );
    });
  });

  describe('geofence', () => {
    const safeCircle: ZoneShape = {
      zoneId: 1,
      kind: 'SAFETY',
      shape: 'CIRCLE',
      center: HOME,
      radiusM: 5000,
    };
    const dangerPolygon: ZoneShape = {
      zoneId: 2,
      kind: 'DANGER',
      shape: 'POLYGON',
      ring: [
        [5.8, 58.9],
        [5.9, 58.9],
        [5.9, 59.0],
        [5.8, 59.0],
      ],
    };
    const position = (
      lat: number,
      lon: number,
      seconds: number,
      haccM: number | null = 10,
    ): Observation => ({
      kind: 'POSITION',
      timeMs: at(seconds),
      position: { lat, lon },
      haccM,
    });

    it('leaving a safety circle opens GEOFENCE with the distance outside; coming back closes it as ZONE_SAFE', () => {
      const outside = position(HOME.lat + 0.1, HOME.lon, 1); // ≈ 11.1 km north
      const { decisions, state } = evaluateObservations(
        open(),
        [outside],
        context({ zones: [safeCircle] }),
      );
      expect(summary(decisions)).toEqual(['OPEN GEOFENCE']);
      const value = decisions[0]?.kind === 'OPEN' ? decisions[0].value : null;
      expect(value).toBeCloseTo(11.12 - 5, 1);
      const back = evaluateObservations(
        state,
        [position(HOME.lat, HOME.lon, 2)],
        context({ zones: [safeCircle] }),
      );
      expect(summary(back.decisions)).toEqual(['CLOSE GEOFENCE ZONE_SAFE']);
    });

    it('entering a danger polygon opens GEOFENCE; leaving closes it', () => {
      const zones = [dangerPolygon];
      const inside = evaluateObservations(open(), [position(58.95, 5.85, 1)], context({ zones }));
      expect(summary(inside.decisions)).toEqual(['OPEN GEOFENCE']);
      const out = evaluateObservations(inside.state, [position(58.95, 5.7, 2)], context({ zones }));
      expect(summary(out.decisions)).toEqual(['CLOSE GEOFENCE ZONE_SAFE']);
    });

    it('a fix too inaccurate to trust (Hacc over 50 m) neither opens nor closes the geofence alert', () => {
      const outside = position(HOME.lat + 0.1, HOME.lon, 1, 800); // a network location, 11 km out
      const zones = [safeCircle];
      expect(evaluateObservations(open(), [outside], context({ zones })).decisions).toEqual([]);
      const home = position(HOME.lat, HOME.lon, 1, 120);
      expect(evaluateObservations(open('GEOFENCE'), [home], context({ zones })).decisions).toEqual(
        [],
      );
      expect(
        summary(
          evaluateObservations(
            open(),
            [position(HOME.lat + 0.1, HOME.lon, 1, 50)],
            context({ zones }),
          ).decisions,
        ),
      ).toEqual(['OPEN GEOFENCE']);
    });

    it('no zones, no geofence alert', () => {
      expect(evaluateObservations(open(), [position(10, 10, 1)], context()).decisions).toEqual([]);
    });

    it("a wearer walking along a safety circle's edge opens the alert once; it closes 50 m inside", () => {
      const circle: ZoneShape = { ...safeCircle, radiusM: 1000 };
      // Fixes due north of the centre at these distances, m: out, in by 10, out, in by 20, in by 60.
      const north = (m: number, seconds: number) =>
        position(HOME.lat + m / 111_195, HOME.lon, seconds);
      const fixes = [1010, 990, 1005, 980, 940].map((m, i) => north(m, i + 1));
      const { decisions } = evaluateObservations(open(), fixes, context({ zones: [circle] }));
      expect(summary(decisions)).toEqual(['OPEN GEOFENCE', 'CLOSE GEOFENCE ZONE_SAFE']);
      expect(decisions[1]?.timeMs).toBe(at(5));
    });

    it('leaving a danger polygon closes the alert only 50 m out of it', () => {
      const zones = [dangerPolygon];
      // The polygon's west edge is at 5.8°E; at 58.95°N a degree of longitude is about 57.4 km.
      const west = (m: number, seconds: number) => position(58.95, 5.8 - m / 57_400, seconds);
      const { decisions } = evaluateObservations(
        open(),
        [position(58.95, 5.85, 1), west(20, 2), west(-5, 3), west(30, 4), west(70, 5)],
        context({ zones }),
      );
      expect(summary(decisions)).toEqual(['OPEN GEOFENCE', 'CLOSE GEOFENCE ZONE_SAFE']);
      expect(decisions[1]?.timeMs).toBe(at(5));
    });

    it('a safety circle of 60 m radius clears at a quarter of its width (30 m inside)', () => {
      const small: ZoneShape = { ...safeCircle, radiusM: 60 };
      const north = (m: number, seconds: number) =>
        position(HOME.lat + m / 111_195, HOME.lon, seconds);
      const state: AlertState = open('GEOFENCE');
      const near = evaluateObservations(state, [north(40, 1)], context({ zones: [small] }));
      expect(near.decisions).toEqual([]);
      const centre = evaluateObservations(state, [north(25, 1)], context({ zones: [small] }));
      expect(summary(centre.decisions)).toEqual(['CLOSE GEOFENCE ZONE_SAFE']);
    });
  });

  it('a type configured with severity None never opens', () => {
    const configs = new Map(alertConfigMap('GENERAL'));
    const battery = configs.get('BATTERY_LOW');
    if (!battery) throw new Error('BATTERY_LOW is configured by default');
    configs.set('BATTERY_LOW', { ...battery, Severity: 0 });
    const { decisions } = evaluateObservations(
      open(),
      [{ kind: 'BATTERY', timeMs: at(1), percent: 10 }],
      context({ configs }),
    );
    expect(decisions).toEqual([]);
  });
});

describe('a person’s close holds a reading’s alert until the reading is back to normal (alertState.ts)', () => {
  const held = (type: AlertType, closedMs = T0): AlertState => ({
    ...open(),
    held: new Map([[type, closedMs]]),
  });
  const battery = (seconds: number, percent: number): Observation => ({
    kind: 'BATTERY',
    timeMs: at(seconds),
    percent,
  });
  const steps = (state: AlertState, observations: Observation[], ctx = context()) =>
    observations.map((observation) => {
      const { decisions, state: next } = evaluateObservations(state, [observation], ctx);
      state = next;
      return summary(decisions);
    });

  it('a battery closed at 15 % stays quiet at 14 %, rearms above 20 %, and opens at the next 15 %', () => {
    expect(
      steps(held('BATTERY_LOW'), [battery(1, 14), battery(2, 14), battery(3, 25), battery(4, 15)]),
    ).toEqual([[], [], ['REARM BATTERY_LOW'], ['OPEN BATTERY_LOW']]);
  });

  it('a battery inside the clearing band (18 %) does not rearm it', () => {
    expect(steps(held('BATTERY_LOW'), [battery(1, 18), battery(2, 14)])).toEqual([[], []]);
  });

  it('a worse condition is not held: 5 % opens BATTERY_CRITICAL', () => {
    expect(steps(held('BATTERY_LOW'), [battery(1, 5)])).toEqual([['OPEN BATTERY_CRITICAL']]);
  });

  it('a charger rearms the battery alerts', () => {
    expect(
      steps(held('BATTERY_LOW'), [{ kind: 'CHARGING', timeMs: at(1) }, battery(2, 14)]),
    ).toEqual([['REARM BATTERY_LOW'], ['OPEN BATTERY_LOW']]);
  });

  it('the wearer’s close command holds what it closed, within the same report', () => {
    const { decisions } = evaluateObservations(
      open('BATTERY_LOW'),
      [{ kind: 'CLOSE_ALERTS', timeMs: at(1) }, battery(2, 14)],
      context(),
    );
    expect(summary(decisions)).toEqual(['CLOSE BATTERY_LOW CLOSE_ALL_COMMAND by WEARER']);
  });

  it('a temperature closed while high stays quiet until it is back under the band', () => {
    const temperature = (seconds: number, temperatureC: number): Observation => ({
      kind: 'VITALS',
      timeMs: at(seconds),
      temperatureC,
      oxygenPct: null,
      respirationBpm: null,
      heartRateBpm: null,
    });
    expect(
      steps(
        held('TEMPERATURE_HIGH'),
        [temperature(1, 38), temperature(2, 36.5), temperature(3, 38)],
        context({}, 'CARE'),
      ),
    ).toEqual([[], ['REARM TEMPERATURE_HIGH'], ['OPEN TEMPERATURE_HIGH']]);
  });

  it('a geofence a guardian resolved stays quiet outside, rearms back inside, opens on leaving again', () => {
    const zones: ZoneShape[] = [
      { zoneId: 1, kind: 'SAFETY', shape: 'CIRCLE', center: HOME, radiusM: 5000 },
    ];
    const fix = (seconds: number, lat: number): Observation => ({
      kind: 'POSITION',
      timeMs: at(seconds),
      position: { lat, lon: HOME.lon },
      haccM: 10,
    });
    expect(
      steps(
        held('GEOFENCE'),
        [fix(1, HOME.lat + 0.1), fix(2, HOME.lat), fix(3, HOME.lat + 0.1)],
        context({ zones }),
      ),
    ).toEqual([[], ['REARM GEOFENCE'], ['OPEN GEOFENCE']]);
  });
});
