import { describe, expect, it } from 'vitest';
import { alertConfigMap, type AlertProfile } from '../../../../server/alerts/alertConfigurations';
import type { AlertState, Decision, RuleContext } from '../../../../server/alerts/alertState';
import { evaluateTime, type DeviceClock, type TimedFix } from '../../../../server/alerts/timeRules';

const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
const HOME = { lat: 47.3, lon: 8.2 };
const s = (seconds: number) => seconds * 1000;

function context(nowMs: number, profile: AlertProfile = 'GENERAL'): RuleContext {
  return { configs: alertConfigMap(profile), zones: [], nowMs, lastPosition: HOME };
}

const none: AlertState = { open: [], pausedUntilMs: null };

/** A device tracking since T0 that sent a fix at HOME (+ `drift` degrees each) every 60 s until `untilS`. */
function tracking(untilS: number, drift = 0, overrides: Partial<DeviceClock> = {}): DeviceClock {
  const fixes: TimedFix[] = [];
  for (let t = 0; t <= untilS; t += 60) {
    fixes.push({
      timeMs: T0 + s(t),
      position: { lat: HOME.lat + (drift * t) / 60, lon: HOME.lon },
      haccM: null,
    });
  }
  const last = fixes[fixes.length - 1]?.timeMs ?? null;
  return {
    clockLagMs: 0,
    trackingSinceMs: T0,
    lastItemMs: last,
    lastFixMs: last,
    recentFixes: fixes,
    notWornSinceMs: null,
    ...overrides,
  };
}

const types = (decisions: readonly Decision[]) =>
  decisions.map((d) =>
    d.kind === 'OPEN'
      ? `OPEN ${d.type}`
      : d.kind === 'REARM'
        ? `REARM ${d.type}`
        : `CLOSE ${d.type} ${d.reason}`,
  );

describe('alert rules of elapsed time (app §9 thresholds; virtual time)', () => {
  it('no data: nothing for 3600 s opens NO_DATA; 3599 s does not', () => {
    const device = tracking(600, 0.001);
    const lastItem = T0 + s(600);
    expect(types(evaluateTime(none, device, context(lastItem + s(3599))))).toEqual([]);
    expect(types(evaluateTime(none, device, context(lastItem + s(3600))))).toEqual([
      'OPEN NO_DATA',
    ]);
  });

  it('no GPS: events keep coming but no fix for 3600 s', () => {
    const device = tracking(600, 0.001, { lastItemMs: T0 + s(4100) });
    expect(types(evaluateTime(none, device, context(T0 + s(4199))))).toEqual([]);
    expect(types(evaluateTime(none, device, context(T0 + s(4200))))).toEqual(['OPEN NO_GPS']);
  });

  it('no GPS counts from the session’s start when the newest fix is from an earlier session', () => {
    // Last fix yesterday; tracking started at T0 and the GPS is still starting two minutes later.
    const device = tracking(600, 0.001, {
      lastFixMs: T0 - s(15 * 3600),
      recentFixes: [],
      lastItemMs: T0 + s(120),
    });
    expect(types(evaluateTime(none, device, context(T0 + s(120))))).toEqual([]);
    const later = { ...device, lastItemMs: T0 + s(3600) };
    expect(types(evaluateTime(none, later, context(T0 + s(3599))))).toEqual([]);
    expect(types(evaluateTime(none, later, context(T0 + s(3600))))).toEqual(['OPEN NO_GPS']);
  });

  it.each(['PROTECT_ACTIVE', 'CARE'] as const)(
    '%s: no data and no GPS also wait 60 minutes (app §9)',
    (profile) => {
      const device = tracking(600, 0.001);
      const lastItem = T0 + s(600);
      expect(types(evaluateTime(none, device, context(lastItem + s(3599), profile)))).toEqual([]);
      expect(types(evaluateTime(none, device, context(lastItem + s(3600), profile)))).toEqual([
        'OPEN NO_DATA',
      ]);
      const noFix = tracking(600, 0.001, { lastItemMs: T0 + s(4100) });
      expect(types(evaluateTime(none, noFix, context(T0 + s(4199), profile)))).toEqual([]);
      expect(types(evaluateTime(none, noFix, context(T0 + s(4200), profile)))).toEqual([
        'OPEN NO_GPS',
      ]);
    },
  );

  it('no motion: an hour within 50 m opens NO_MOTION in GENERAL, 30 minutes in PROTECT_ACTIVE and CARE', () => {
    const still = tracking(3600);
    expect(types(evaluateTime(none, still, context(T0 + s(3600))))).toEqual(['OPEN NO_MOTION']);
    expect(types(evaluateTime(none, tracking(1800), context(T0 + s(1800))))).toEqual([]);
    for (const profile of ['PROTECT_ACTIVE', 'CARE'] as const) {
      expect(types(evaluateTime(none, tracking(1800), context(T0 + s(1800), profile)))).toEqual([
        'OPEN NO_MOTION',
      ]);
    }
  });

  it('no motion allows for the fixes’ accuracy: a still wearer’s scatter is not movement', () => {
    // Fixes alternate 40 m north and south of HOME (80 m apart), each accurate to 20 m.
    const scatter = tracking(3600, 0, {
      recentFixes: tracking(3600).recentFixes.map((fix, i) => ({
        ...fix,
        position: { lat: HOME.lat + (i % 2 === 0 ? 1 : -1) * 0.00036, lon: HOME.lon },
        haccM: 20,
      })),
    });
    expect(types(evaluateTime(none, scatter, context(T0 + s(3600))))).toEqual(['OPEN NO_MOTION']);
    // The same 80 m apart with exact fixes is movement.
    const exact = {
      ...scatter,
      recentFixes: scatter.recentFixes.map((fix) => ({ ...fix, haccM: 1 })),
    };
    expect(types(evaluateTime(none, exact, context(T0 + s(3600))))).toEqual([]);
  });

  it('no motion leaves out fixes too inaccurate to trust, but needs a trusted one in the window', () => {
    // A still wearer whose phone reports a network location 2 km away every tenth minute.
    const fixes = tracking(3600).recentFixes.map((fix, i) =>
      i % 10 === 5
        ? { ...fix, position: { lat: HOME.lat + 0.018, lon: HOME.lon }, haccM: 1500 }
        : { ...fix, haccM: 10 },
    );
    const still = tracking(3600, 0, { recentFixes: fixes });
    expect(types(evaluateTime(none, still, context(T0 + s(3600))))).toEqual(['OPEN NO_MOTION']);
    // Only inaccurate fixes inside the window: no verdict.
    const blind = tracking(3600, 0, {
      recentFixes: fixes.map((fix) => (fix.timeMs > T0 ? { ...fix, haccM: 1500 } : fix)),
    });
    expect(types(evaluateTime(none, blind, context(T0 + s(3600))))).toEqual([]);
  });

  it('moving is not no motion', () => {
    expect(types(evaluateTime(none, tracking(3600, 0.001), context(T0 + s(3600))))).toEqual([]);
  });

  it('without an open tracking session (a phone app) silence raises nothing', () => {
    const phone = tracking(600, 0, { trackingSinceMs: null });
    expect(evaluateTime(none, phone, context(T0 + s(20_000)))).toEqual([]);
  });

  it('not worn: 900 s while tracking, 3600 s otherwise', () => {
    const worn = tracking(60, 0.001, { notWornSinceMs: T0 + s(60) });
    expect(types(evaluateTime(none, worn, context(T0 + s(959))))).toEqual([]);
    expect(types(evaluateTime(none, worn, context(T0 + s(960))))).toEqual(['OPEN NOT_WORN']);
    const idle = { ...worn, trackingSinceMs: null };
    expect(types(evaluateTime(none, idle, context(T0 + s(960))))).toEqual([]);
    expect(types(evaluateTime(none, idle, context(T0 + s(3660))))).toEqual(['OPEN NOT_WORN']);
  });

  it('not worn, closed by the wearer with the watch still off, opens again a whole threshold after the close', () => {
    const idle = tracking(60, 0.001, { notWornSinceMs: T0 + s(60), trackingSinceMs: null });
    const closedAt = T0 + s(3700);
    const held: AlertState = { ...none, held: new Map([['NOT_WORN', closedAt]]) };
    expect(types(evaluateTime(held, idle, context(closedAt + s(60))))).toEqual([]);
    expect(types(evaluateTime(held, idle, context(closedAt + s(3599))))).toEqual([]);
    expect(types(evaluateTime(held, idle, context(closedAt + s(3600))))).toEqual(['OPEN NOT_WORN']);
  });

  it('no data, closed by a guardian while still silent, opens again a whole threshold after the close', () => {
    const device = tracking(600, 0.001);
    const closedAt = T0 + s(600 + 4000);
    const held: AlertState = { ...none, held: new Map([['NO_DATA', closedAt]]) };
    expect(types(evaluateTime(held, device, context(closedAt + s(60))))).toEqual([]);
    expect(types(evaluateTime(held, device, context(closedAt + s(3600))))).toEqual([
      'OPEN NO_DATA',
    ]);
  });

  it("reads the device's times on its own clock: a device 40 minutes slow is not silent while it reports", () => {
    const LAG = 40 * 60_000;
    // Its newest report came 5 s ago on the server's clock; its own clock said 40 min less.
    const slow = tracking(600, 0.001, { clockLagMs: LAG });
    const serverNow = T0 + s(605) + LAG;
    expect(types(evaluateTime(none, slow, context(serverNow)))).toEqual([]);
    // An hour after its newest report (server clock) it is silent.
    expect(types(evaluateTime(none, slow, context(serverNow + s(3595))))).toEqual(['OPEN NO_DATA']);
    // 20 minutes after its newest report it is not; read on the server's clock, it would be.
    expect(types(evaluateTime(none, slow, context(serverNow + s(1200))))).toEqual([]);
    const unlagged = { ...slow, clockLagMs: 0 };
    expect(types(evaluateTime(none, unlagged, context(serverNow + s(1200))))).toEqual([
      'OPEN NO_DATA',
    ]);
  });

  it('an automatic alert expires after 24 h; a help request does not', () => {
    const state: AlertState = {
      open: [
        { type: 'BATTERY_LOW', severity: 1, openedMs: T0, position: null },
        { type: 'ASSISTANCE', severity: 4, openedMs: T0, position: null },
      ],
      pausedUntilMs: null,
    };
    const idle = tracking(0, 0, { trackingSinceMs: null });
    expect(types(evaluateTime(state, idle, context(T0 + s(86_399))))).toEqual([]);
    expect(types(evaluateTime(state, idle, context(T0 + s(86_400))))).toEqual([
      'CLOSE BATTERY_LOW EXPIRED',
    ]);
    // A device whose clock runs 5 hours behind dated the alert on its clock: 24 h on that clock.
    const behind = { ...idle, clockLagMs: s(5 * 3600) };
    expect(types(evaluateTime(state, behind, context(T0 + s(86_400 + 5 * 3600 - 1))))).toEqual([]);
    expect(types(evaluateTime(state, behind, context(T0 + s(86_400 + 5 * 3600))))).toEqual([
      'CLOSE BATTERY_LOW EXPIRED',
    ]);
  });

  it('an open alert is not opened twice, and a pause holds the time rules', () => {
    const device = tracking(600, 0.001);
    const later = context(T0 + s(600 + 3600));
    const open: AlertState = {
      open: [{ type: 'NO_DATA', severity: 3, openedMs: T0, position: null }],
      pausedUntilMs: null,
    };
    expect(evaluateTime(open, device, later)).toEqual([]);
    expect(evaluateTime({ open: [], pausedUntilMs: later.nowMs + 1 }, device, later)).toEqual([]);
  });
});
