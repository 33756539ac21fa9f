/**
 * What the gate asks of a deck.gl `Deck` (the public parts it reads): whether a frame of its
 * animation loop would do anything.
 */
export interface FrameWorkSource {
  /** deck.gl `Deck.isInitialized`: its device and managers exist (until then every frame counts). */
  readonly isInitialized: boolean;
  /** deck.gl `Deck.needsRedraw({ clearRedrawFlags: false })`: a redraw is due (props, layers, view). */
  needsRedraw(opts: { clearRedrawFlags: boolean }): unknown;
  /**
   * deck.gl's LayerManager: new layers or an async prop (a worker's result) wait for an update; its
   * `layers`, each `isLoaded` once its async props arrived (unknown without them: treated as loading).
   */
  readonly layerManager: {
    needsUpdate(): unknown;
    readonly layers?: readonly { readonly isLoaded: boolean }[];
  } | null;
}

/** The browser's frame clock, as luma.gl's `AnimationLoop` takes it (`animationFrameProvider`). */
export interface AnimationFrameProvider {
  requestAnimationFrame(callback: FrameRequestCallback): number;
  cancelAnimationFrame(id: number): void;
}

/**
 * How often a parked loop looks for work deck.gl found on its own while one of its layers is still
 * loading (an async prop such as a track derived in a worker), ms.
 */
export const PARKED_POLL_MS = 100;

/**
 * How often a parked loop looks for work while every layer has loaded, ms: a safety net only, as
 * deck.gl then has nothing of its own to finish. Ten wake-ups a second per open map were a tenth of
 * a share viewer's main thread between two fixes (docs/share-viewing.md "Map").
 */
export const PARKED_IDLE_POLL_MS = 1_000;

/**
 * How many frames in a row without work the loop still gets before it is parked: a map whose layers
 * change every third frame or more often keeps its loop running exactly as without the gate, and one
 * that changes once a second (a live fix) runs 1 + this many frames a second instead of 60. Each of
 * them costs a frame of Blink's pipeline (about 1.5 ms of a share page's CPU on this machine).
 */
export const IDLE_FRAMES_BEFORE_PARK = 2;

/**
 * An `animationFrameProvider` for deck.gl's animation loop that grants a frame only when the loop
 * has work. deck.gl's loop asks for every display frame (60 a second) for as long as the map lives,
 * though an interleaved overlay draws inside MapLibre's own frames and its loop only notices
 * changes; each such frame runs deck.gl's bookkeeping and keeps Blink's frame pipeline awake. On a
 * share page that is most of a guardian's CPU between two fixes (docs/share-viewing.md "Map").
 *
 * A request while `source` has work, or within {@link IDLE_FRAMES_BEFORE_PARK} frames of the last
 * frame that had (or of a {@link wake}), gets a real animation frame. Otherwise it is parked:
 * {@link wake} (a prop change, a pointer event) grants it at once, and a poll grants it when deck.gl
 * found work of its own (an async prop resolved, which deck.gl flags without a callback): every
 * {@link PARKED_POLL_MS} while a layer is loading, every {@link PARKED_IDLE_POLL_MS} otherwise.
 *
 * @param source the deck; null until it exists (requests are then granted, as without the gate, as
 *   they are until the deck has initialized).
 * @param frames the real frame clock (window's, or a fake in tests).
 * @param timers the poll's clock (window's, or a fake in tests).
 */
export function onDemandFrames(
  source: () => FrameWorkSource | null,
  frames: AnimationFrameProvider,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): AnimationFrameProvider & { wake(): void; dispose(): void } {
  /** The id handed out for a parked request (a real frame's id is a positive integer). */
  const PARKED = -1;
  let parked: FrameRequestCallback | null = null;
  let poll: ReturnType<typeof setTimeout> | null = null;
  let granted: number | null = null;
  /** Requests in a row that found no work (none found yet: a request without work parks). */
  let idle = IDLE_FRAMES_BEFORE_PARK;

  const hasWork = () => {
    const deck = source();
    if (deck === null || !deck.isInitialized) return true;
    return Boolean(
      deck.needsRedraw({ clearRedrawFlags: false }) || deck.layerManager?.needsUpdate(),
    );
  };
  /** Whether a request now gets a frame: there is work, or there was some a few frames ago. */
  const due = () => {
    idle = hasWork() ? 0 : idle + 1;
    return idle <= IDLE_FRAMES_BEFORE_PARK;
  };
  /** Whether a layer still waits for an async prop (or the deck cannot say). */
  const loading = () => {
    const layers = source()?.layerManager?.layers;
    return layers === undefined || layers.some((layer) => !layer.isLoaded);
  };
  const stopPoll = () => {
    if (poll !== null) timers.clearTimeout(poll);
    poll = null;
  };
  const grant = () => {
    stopPoll();
    const callback = parked;
    parked = null;
    if (callback === null) return;
    granted = frames.requestAnimationFrame((time) => {
      granted = null;
      // A frame that starts with work does some: the idle count starts again after it.
      if (hasWork()) idle = 0;
      callback(time);
    });
  };
  const watch = () => {
    poll = timers.setTimeout(
      () => {
        poll = null;
        if (parked === null) return;
        if (hasWork()) {
          idle = 0;
          grant();
        } else watch();
      },
      loading() ? PARKED_POLL_MS : PARKED_IDLE_POLL_MS,
    );
  };

  return {
    requestAnimationFrame(callback) {
      parked = callback;
      if (due()) {
        grant();
        return granted ?? PARKED;
      }
      if (poll === null) watch();
      return PARKED;
    },
    cancelAnimationFrame(id) {
      if (id === PARKED || id === granted) {
        if (granted !== null) frames.cancelAnimationFrame(granted);
        granted = null;
        parked = null;
        stopPoll();
      } else {
        frames.cancelAnimationFrame(id);
      }
    },
    wake() {
      idle = 0;
      if (parked !== null) grant();
    },
    dispose() {
      stopPoll();
      parked = null;
    },
  };
}
