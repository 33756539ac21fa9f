import type { MapLibreOverlay } from '@deck.gl/maplibre';
import {
  onDemandFrames,
  type AnimationFrameProvider,
  type FrameWorkSource,
} from './onDemandFrames';

/**
 * The deck.gl parts the gate reaches that deck.gl 9.4 keeps non-public: the overlay's `Deck`
 * (`MapLibreOverlay._deck`) and the deck's luma.gl `AnimationLoop`, which takes a new
 * `animationFrameProvider` through `setProps` while it runs. Pinned by TOOLCHAIN.md's versions; the
 * browser tests check on the real classes that the gate holds (`data-frames="on-demand"`,
 * tests/e2e/activities.spec.ts, share.spec.ts and journey.spec.ts). When these parts are missing,
 * the gate does not attach and the loop runs every frame as before.
 */
interface OverlayInternals {
  readonly _deck?:
    | (FrameWorkSource & {
        readonly animationLoop: {
          setProps(props: { animationFrameProvider: AnimationFrameProvider | null }): unknown;
        } | null;
      })
    | undefined;
}

/** Pointer and wheel input over the map: deck.gl answers it (picking, cursor) in its next frame. */
const INPUT_EVENTS = ['pointermove', 'pointerdown', 'pointerup', 'pointerleave', 'wheel'] as const;

/** What {@link gateOverlayFrames} returns. */
export interface OverlayFrames {
  /** Whether the gate holds the loop (false: no deck reached; the loop runs every frame as before). */
  readonly attached: boolean;
  /** Grants deck.gl's parked loop a frame: call after giving the overlay new props. */
  wake(): void;
  /**
   * Whether deck.gl has taken in the layers it was last given (no layer update pending), so the
   * frame MapLibre draws now shows them. True without a deck reached.
   */
  layersCurrent(): boolean;
  /** Gives the loop back the browser's frame clock and stops listening. */
  dispose(): void;
}

/**
 * Lets the deck.gl loop of an interleaved `overlay` (already added to its map) run only on demand
 * ({@link onDemandFrames}): a frame when layers or props changed, on pointer input over `container`,
 * or when deck.gl found work of its own. MapLibre's own frames (a camera move, a repaint) draw the
 * deck.gl layers as before. Without a deck (not yet created), nothing changes and `wake` is a no-op.
 */
export function gateOverlayFrames(overlay: MapLibreOverlay, container: HTMLElement): OverlayFrames {
  const deck = () => (overlay as unknown as OverlayInternals)._deck ?? null;
  const loop = deck()?.animationLoop;
  if (!loop) {
    return {
      attached: false,
      wake: () => undefined,
      layersCurrent: () => true,
      dispose: () => undefined,
    };
  }
  const gate = onDemandFrames(deck, window);
  loop.setProps({ animationFrameProvider: gate });
  const wake = () => {
    gate.wake();
  };
  for (const type of INPUT_EVENTS) container.addEventListener(type, wake, { passive: true });
  return {
    attached: true,
    wake,
    layersCurrent: () => !deck()?.layerManager?.needsUpdate(),
    dispose() {
      for (const type of INPUT_EVENTS) container.removeEventListener(type, wake);
      gate.dispose();
      deck()?.animationLoop?.setProps({ animationFrameProvider: null });
    },
  };
}
