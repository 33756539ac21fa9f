// @vitest-environment jsdom
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnimationFrameProvider } from '../../../../src/ui/map/onDemandFrames';
import { gateOverlayFrames } from '../../../../src/ui/map/overlayFrames';

/**
 * An overlay shaped as deck.gl 9.4's MapLibreOverlay is inside (its `_deck` with the public
 * `isInitialized`, `needsRedraw` and the managers, and the luma.gl loop's `setProps`).
 */
function fakeOverlay() {
  const state = { redraw: false, update: false };
  const providers: (AnimationFrameProvider | null)[] = [];
  const overlay = {
    _deck: {
      isInitialized: true,
      needsRedraw: () => state.redraw,
      layerManager: { needsUpdate: () => state.update },
      animationLoop: {
        setProps: (props: { animationFrameProvider: AnimationFrameProvider | null }) => {
          providers.push(props.animationFrameProvider);
        },
      },
    },
  };
  return { overlay: overlay as unknown as MapLibreOverlay, state, providers };
}

describe('gateOverlayFrames (deck.gl loop of an interleaved overlay on demand)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives the loop the gate, grants frames on pointer input and gives the clock back on dispose', () => {
    const requested = vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(7);
    const { overlay, providers } = fakeOverlay();
    const container = document.createElement('div');
    const frames = gateOverlayFrames(overlay, container);
    expect(frames.attached).toBe(true);
    const gate = providers[0];
    if (!gate) throw new Error('no provider given to the loop');

    gate.requestAnimationFrame(() => undefined);
    expect(requested).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('pointermove'));
    expect(requested).toHaveBeenCalledOnce();

    const removed = vi.spyOn(container, 'removeEventListener');
    frames.dispose();
    expect(providers.at(-1)).toBeNull();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(
      ['pointerdown', 'pointerleave', 'pointermove', 'pointerup', 'wheel'].sort(),
    );
  });

  it('says the layers are current only once deck.gl took in the last ones', () => {
    const { overlay, state } = fakeOverlay();
    const frames = gateOverlayFrames(overlay, document.createElement('div'));
    expect(frames.layersCurrent()).toBe(true);
    state.update = true;
    expect(frames.layersCurrent()).toBe(false);
    frames.dispose();
  });

  it('changes nothing when the overlay has no deck it can reach', () => {
    const noDeck = {} as unknown as MapLibreOverlay;
    const frames = gateOverlayFrames(noDeck, document.createElement('div'));
    expect(frames.attached).toBe(false);
    expect(frames.layersCurrent()).toBe(true);
    expect(() => {
      frames.wake();
      frames.dispose();
    }).not.toThrow();
  });
});
