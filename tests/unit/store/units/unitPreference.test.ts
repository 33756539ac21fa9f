import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS, type Client } from '../../../../src/api/entities/client';
import { memberClientLoaded } from '../../../../src/store/client/clientSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { selectEffectiveUnits } from '../../../../src/store/units/effectiveUnits';
import {
  parseUnitOverrides,
  serializeUnitOverrides,
  UNITS_STORAGE_KEY,
  type UnitOverrides,
} from '../../../../src/store/units/unitOverrides';
import {
  selectUnitOverrides,
  unitOverrideChanged,
  unitOverrideCleared,
  unitOverridesReset,
  unitPreferenceSlice,
  unitPresetChosen,
} from '../../../../src/store/units/unitPreferenceSlice';
import { presetOf } from '../../../../src/store/units/unitPresets';
import type { KeyValueStorage } from '../../../../src/streams/storage';
import { testClient, testDependencies } from '../testDependencies';

/** A client whose organisation shows miles, mph and Fahrenheit in its own zone. */
const imperialClient: Client = {
  ...testClient,
  Units: {
    ...DEFAULT_UNITS,
    Distance: 'mi',
    Speed: 'mph',
    Temperature: 'F',
    Time: 'Client Timezone',
    Timezone: 'America/New_York',
  },
};

/** This browser's storage as a map the test can read. */
function mapStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      data.set(key, value);
    },
    remove: (key) => {
      data.delete(key);
    },
    changes$: () => NEVER,
  };
  return { data, storage };
}

/** A store started as main.tsx starts it: the stored choices preloaded, persisted by the epic. */
function storeWith(stored: Record<string, string> = {}) {
  const { data, storage } = mapStorage(stored);
  const store = createAppStore({
    dependencies: testDependencies({ storage }),
    preloadedState: {
      unitPreference: { overrides: parseUnitOverrides(storage.get(UNITS_STORAGE_KEY)) },
    },
  });
  return { data, store };
}

const reduce = (
  overrides: UnitOverrides,
  action: Parameters<typeof unitPreferenceSlice.reducer>[1],
) => unitPreferenceSlice.reducer({ overrides }, action).overrides;

describe('parseUnitOverrides (a corrupt stored value falls back cleanly)', () => {
  it.each<[string, string | null, UnitOverrides]>([
    ['nothing stored', null, {}],
    ['text that is not JSON', '{Distance: mi', {}],
    ['JSON that is not an object', '["mi"]', {}],
    ['JSON null', 'null', {}],
    ['a number', '42', {}],
    ['an empty object', '{}', {}],
    ['valid choices', '{"Distance":"mi","Speed":"kts"}', { Distance: 'mi', Speed: 'kts' }],
    [
      'an unknown value dropped alone',
      '{"Distance":"furlong","Speed":"kts","Time":"Local Browser"}',
      { Speed: 'kts', Time: 'Local Browser' },
    ],
    [
      'a value of the wrong type',
      '{"Distance":1,"TimeFormat":"12 hour"}',
      { TimeFormat: '12 hour' },
    ],
    ['unknown fields and the zone stripped', '{"Timezone":"Europe/Oslo","Colour":"red"}', {}],
  ])('%s', (_case, stored, expected) => {
    expect(parseUnitOverrides(stored)).toEqual(expected);
  });

  it('reads back what it writes', () => {
    const overrides: UnitOverrides = { LocationFormat: 'dd', Distance: 'mi', Height: 'in' };
    expect(parseUnitOverrides(serializeUnitOverrides(overrides))).toEqual(overrides);
  });
});

describe('unitPreference reducers', () => {
  it('unitPreference -> unitOverrideChanged adds or replaces one field', () => {
    const once = reduce({}, unitOverrideChanged({ field: 'Distance', value: 'mi' }));
    expect(once).toEqual({ Distance: 'mi' });
    expect(reduce(once, unitOverrideChanged({ field: 'Distance', value: 'km' }))).toEqual({
      Distance: 'km',
    });
    expect(reduce(once, unitOverrideChanged({ field: 'Speed', value: 'kts' }))).toEqual({
      Distance: 'mi',
      Speed: 'kts',
    });
  });

  it('unitPreference -> unitOverrideCleared removes the field only', () => {
    expect(
      reduce({ Distance: 'mi', Speed: 'kts' }, unitOverrideCleared({ field: 'Distance' })),
    ).toEqual({ Speed: 'kts' });
  });

  it('unitPreference -> unitPresetChosen sets the quantity units and keeps the time choices', () => {
    const before: UnitOverrides = { Distance: 'mi', Time: 'Local Browser', LocationFormat: 'dd' };
    expect(reduce(before, unitPresetChosen({ preset: 'nautical' }))).toEqual({
      Distance: 'km',
      Speed: 'kts',
      SpeedWind: 'kts',
      Temperature: 'C',
      Height: 'm',
      Weight: 'kg',
      Time: 'Local Browser',
      LocationFormat: 'dd',
    });
    expect(reduce(before, unitPresetChosen({ preset: 'default' }))).toEqual({
      Time: 'Local Browser',
      LocationFormat: 'dd',
    });
  });

  it('unitPreference -> unitOverridesReset drops every choice', () => {
    expect(reduce({ Distance: 'mi', Time: 'UTC' }, unitOverridesReset())).toEqual({});
  });
});

describe('presetOf', () => {
  it.each<[UnitOverrides, ReturnType<typeof presetOf>]>([
    [{}, 'default'],
    [{ Time: 'Local Browser' }, 'default'],
    [reduce({}, unitPresetChosen({ preset: 'imperial' })), 'imperial'],
    [reduce({ TimeFormat: '12 hour' }, unitPresetChosen({ preset: 'metric' })), 'metric'],
    [{ Distance: 'mi' }, 'custom'],
    [{ ...reduce({}, unitPresetChosen({ preset: 'nautical' })), Speed: 'mph' }, 'custom'],
  ])('%j is %s', (overrides, expected) => {
    expect(presetOf(overrides)).toBe(expected);
  });
});

describe('selectEffectiveUnits (the client’s Units with the choices on top)', () => {
  it('is the spec’s defaults without a client, and the client’s units once it loads', () => {
    const { store } = storeWith();
    expect(selectEffectiveUnits(store.getState())).toBe(DEFAULT_UNITS);
    store.dispatch(memberClientLoaded(imperialClient));
    expect(selectEffectiveUnits(store.getState())).toBe(imperialClient.Units);
  });

  it('lays the choices over the client’s units, field by field', () => {
    const { store } = storeWith();
    store.dispatch(memberClientLoaded(imperialClient));
    store.dispatch(unitOverrideChanged({ field: 'Distance', value: 'km' }));
    store.dispatch(unitOverrideChanged({ field: 'Speed', value: 'kts' }));
    expect(selectEffectiveUnits(store.getState())).toEqual({
      ...imperialClient.Units,
      Distance: 'km',
      Speed: 'kts',
    });
    // The organisation's zone stays: only its time mode can be chosen.
    store.dispatch(unitOverrideChanged({ field: 'Time', value: 'Local Browser' }));
    expect(selectEffectiveUnits(store.getState()).Timezone).toBe('America/New_York');
    expect(selectEffectiveUnits(store.getState()).Time).toBe('Local Browser');
  });

  it('keeps its reference while neither the client nor the choices change', () => {
    const { store } = storeWith({ [UNITS_STORAGE_KEY]: '{"Distance":"mi"}' });
    store.dispatch(memberClientLoaded(imperialClient));
    const first = selectEffectiveUnits(store.getState());
    store.dispatch({ type: 'unrelated/somethingHappened' });
    store.dispatch(loggedOut({ reason: 'user' }));
    store.dispatch(memberClientLoaded(imperialClient));
    expect(selectEffectiveUnits(store.getState())).toBe(first);
    store.dispatch(unitOverrideChanged({ field: 'Speed', value: 'kts' }));
    expect(selectEffectiveUnits(store.getState())).not.toBe(first);
  });
});

describe('unit choices persistence', () => {
  it('starts with the stored choices, a corrupt entry giving the organisation’s units', () => {
    expect(
      selectUnitOverrides(storeWith({ [UNITS_STORAGE_KEY]: '{"Speed":"kts"}' }).store.getState()),
    ).toEqual({
      Speed: 'kts',
    });
    const corrupt = storeWith({ [UNITS_STORAGE_KEY]: '%%%' }).store;
    expect(selectUnitOverrides(corrupt.getState())).toEqual({});
    expect(selectEffectiveUnits(corrupt.getState())).toBe(DEFAULT_UNITS);
  });

  it('stores each change, and removes the entry on reset', () => {
    const { data, store } = storeWith();
    store.dispatch(unitOverrideChanged({ field: 'Distance', value: 'mi' }));
    store.dispatch(unitPresetChosen({ preset: 'nautical' }));
    expect(parseUnitOverrides(data.get(UNITS_STORAGE_KEY) ?? null)).toEqual(
      selectUnitOverrides(store.getState()),
    );
    expect(JSON.parse(data.get(UNITS_STORAGE_KEY) ?? '')).toMatchObject({ Speed: 'kts' });
    store.dispatch(unitOverrideCleared({ field: 'Speed' }));
    expect(JSON.parse(data.get(UNITS_STORAGE_KEY) ?? '')).not.toHaveProperty('Speed');
    store.dispatch(unitOverridesReset());
    expect(data.has(UNITS_STORAGE_KEY)).toBe(false);
  });

  it('keeps the choices on logout (a preference of this browser, like the colour scheme)', () => {
    const { store } = storeWith();
    store.dispatch(unitOverrideChanged({ field: 'Temperature', value: 'F' }));
    store.dispatch(loggedOut({ reason: 'user' }));
    expect(selectUnitOverrides(store.getState())).toEqual({ Temperature: 'F' });
  });
});
