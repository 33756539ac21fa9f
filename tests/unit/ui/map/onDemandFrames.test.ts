import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_FRAMES_BEFORE_PARK,
  onDemandFrames,
  PARKED_IDLE_POLL_MS,
  PARKED_POLL_MS,
  type AnimationFrameProvider,
  type FrameWorkSource,
} from '../../../../src/ui/map/onDemandFrames';

/** A display's frame clock under test: `tick()` runs the callbacks requested before it. */
function fakeFrames() {
  let next = 1;
  const pending = new Map<number, FrameRequestCallback>();
  const clock: AnimationFrameProvider = {
    requestAnimationFrame: (callback) => {
      pending.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (id) => {
      pending.delete(id);
    },
  };
  return {
    clock,
    pending: () => pending.size,
    /** One display frame at `time` ms; returns how many callbacks ran. */
    tick(time: number) {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback(time);
      return due.length;
    },
  };
}

/**
 * A deck whose work is set by the test; with `layers`, a layer manager that lists its layers (each
 * loaded or still waiting for an async prop), as deck.gl's does.
 */
function fakeDeck(layers?: { isLoaded: boolean }[]) {
  const state = { initialized: true, redraw: false, update: false };
  const deck: FrameWorkSource = {
    get isInitialized() {
      return state.initialized;
    },
    needsRedraw: () => state.redraw,
    layerManager: layers
      ? { needsUpdate: () => state.update, layers }
      : { needsUpdate: () => state.update },
  };
  return { deck, state };
}

/**
 * luma.gl's AnimationLoop as far as the gate sees it: each frame redraws (clearing the deck's redraw
 * flag) and asks for the next frame.
 */
function runLoop(
  gate: AnimationFrameProvider,
  state: { redraw: boolean },
  frames: { count: number },
) {
  let id = 0;
  const frame = () => {
    frames.count += 1;
    state.redraw = false;
    id = gate.requestAnimationFrame(frame);
  };
  id = gate.requestAnimationFrame(frame);
  return {
    stop: () => {
      gate.cancelAnimationFrame(id);
    },
  };
}

describe('onDemandFrames (deck.gl loop frames only when there is work)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grants a real frame at once while the deck has work, with the frame time', () => {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    state.redraw = true;
    const gate = onDemandFrames(() => deck, frames.clock);
    const times: number[] = [];
    const id = gate.requestAnimationFrame((time) => times.push(time));
    expect(id).toBeGreaterThan(0);
    expect(frames.tick(16.7)).toBe(1);
    expect(times).toEqual([16.7]);
  });

  it.each([
    ['a pending layer update', { update: true }],
    ['a deck not yet initialized', { initialized: false }],
  ])('counts %s as work', (_name, patch) => {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    Object.assign(state, patch);
    const gate = onDemandFrames(() => deck, frames.clock);
    gate.requestAnimationFrame(() => undefined);
    expect(frames.pending()).toBe(1);
  });

  it('grants every request when there is no deck yet', () => {
    const frames = fakeFrames();
    const gate = onDemandFrames(() => null, frames.clock);
    gate.requestAnimationFrame(() => undefined);
    expect(frames.pending()).toBe(1);
  });

  it('parks a request without work until woken, then runs it in the next frame', () => {
    const frames = fakeFrames();
    const { deck } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    const ran = vi.fn();
    gate.requestAnimationFrame(ran);
    expect(frames.tick(16)).toBe(0);
    gate.wake();
    expect(frames.tick(33)).toBe(1);
    expect(ran).toHaveBeenCalledWith(33);
    // Woken again with nothing parked: no frame.
    gate.wake();
    expect(frames.pending()).toBe(0);
  });

  it('finds work the deck flagged on its own (an async prop) within one poll, not before', () => {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    const ran = vi.fn();
    gate.requestAnimationFrame(ran);
    vi.advanceTimersByTime(PARKED_POLL_MS * 3);
    expect(frames.pending()).toBe(0);
    state.update = true;
    vi.advanceTimersByTime(PARKED_POLL_MS - 1);
    expect(frames.pending()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(frames.tick(500)).toBe(1);
    expect(ran).toHaveBeenCalledOnce();
  });

  /**
   * How many frames a loop on the gate runs in one second (60 display frames) when new layers come
   * (and the map view wakes the loop) in the frames `changes` picks.
   */
  function framesInASecond(changes: (frame: number) => boolean): number {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    const count = { count: 0 };
    state.redraw = true;
    runLoop(gate, state, count);
    for (let frame = 1; frame <= 60; frame += 1) {
      if (changes(frame)) {
        state.redraw = true;
        gate.wake();
      }
      frames.tick(frame * 16.7);
      vi.advanceTimersByTime(16.7);
    }
    return count.count;
  }

  it('looks for work every poll while a layer is loading, and only once a second when all have loaded', () => {
    const frames = fakeFrames();
    const track = { isLoaded: false };
    const { deck, state } = fakeDeck([{ isLoaded: true }, track]);
    const gate = onDemandFrames(() => deck, frames.clock);
    gate.requestAnimationFrame(vi.fn());
    // The track's drawing arrives (deck.gl flags an update): found within one fast poll.
    state.update = true;
    track.isLoaded = true;
    vi.advanceTimersByTime(PARKED_POLL_MS);
    expect(frames.tick(100)).toBe(1);
    // Parked again with everything loaded (after the idle frames a loop still gets): work deck.gl
    // flags now waits for the slow poll.
    state.update = false;
    for (let frame = 1; frame <= IDLE_FRAMES_BEFORE_PARK; frame += 1) {
      gate.requestAnimationFrame(vi.fn());
      expect(frames.tick(100 + frame * 16)).toBe(1);
    }
    gate.requestAnimationFrame(vi.fn());
    expect(frames.pending()).toBe(0);
    vi.advanceTimersByTime(PARKED_POLL_MS);
    state.update = true;
    vi.advanceTimersByTime(PARKED_IDLE_POLL_MS - PARKED_POLL_MS - 1);
    expect(frames.pending()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(frames.pending()).toBe(1);
  });

  it('runs a loop while it has work and a few frames more, then holds it: 6 frames in a second, not 60', () => {
    // Its first frame and one change (a live fix): each with IDLE_FRAMES_BEFORE_PARK frames more.
    expect(framesInASecond((frame) => frame === 30)).toBe(2 * (1 + IDLE_FRAMES_BEFORE_PARK));
  });

  it('keeps granting frames to a map whose layers change every frame (a replay playing)', () => {
    // Every third frame (a 20 fps replay) brings new layers; the frames between have none.
    expect(framesInASecond((frame) => frame % 3 === 0)).toBe(60);
  });

  it('cancelling a parked request stops it and its poll; cancelling a granted one cancels the frame', () => {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    const parked = vi.fn();
    const id = gate.requestAnimationFrame(parked);
    gate.cancelAnimationFrame(id);
    state.update = true;
    vi.advanceTimersByTime(PARKED_POLL_MS * 2);
    gate.wake();
    expect(frames.tick(100)).toBe(0);

    const granted = vi.fn();
    const grantedId = gate.requestAnimationFrame(granted);
    expect(frames.pending()).toBe(1);
    gate.cancelAnimationFrame(grantedId);
    expect(frames.tick(116)).toBe(0);
    expect(granted).not.toHaveBeenCalled();
  });

  it('a request parked, then woken, is still cancelled by the id it was given', () => {
    const frames = fakeFrames();
    const { deck } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    const ran = vi.fn();
    const id = gate.requestAnimationFrame(ran);
    gate.wake();
    expect(frames.pending()).toBe(1);
    gate.cancelAnimationFrame(id);
    expect(frames.tick(16)).toBe(0);
    expect(ran).not.toHaveBeenCalled();
  });

  it('dispose drops a parked request and its poll', () => {
    const frames = fakeFrames();
    const { deck, state } = fakeDeck();
    const gate = onDemandFrames(() => deck, frames.clock);
    gate.requestAnimationFrame(() => undefined);
    gate.dispose();
    state.update = true;
    vi.advanceTimersByTime(PARKED_POLL_MS * 2);
    expect(frames.pending()).toBe(0);
  });
});
