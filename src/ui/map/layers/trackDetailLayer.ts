import {
  CompositeLayer,
  type DefaultProps,
  type Layer,
  type UpdateParameters,
} from '@deck.gl/core';
import type { TrackDerived } from '../trackDerivation';
import { simplifiedTrack, type SimplifiedTrack } from '../trackSimplification';

/** Props of {@link TrackDetailLayer}. */
export interface TrackDetailLayerProps {
  /**
   * The track's drawing (trackDerivations.derivedTrackOf), or a promise of it: a deck.gl async prop,
   * so while a newer drawing is derived the layer keeps drawing the last one and is not `isLoaded`.
   */
  readonly derived: TrackDerived | Promise<TrackDerived> | null;
  /**
   * Draws the points worth drawing at the zoom shown (trackSimplification.simplifiedTrack) as one
   * layer with id `id`; null draws nothing. Called when the drawing, these props or the zoom level
   * change.
   */
  readonly draw: (track: SimplifiedTrack, id: string) => Layer | null;
}

const defaultProps: DefaultProps<TrackDetailLayerProps> = {
  derived: { type: 'object', value: null, async: true },
};

/**
 * A track drawn at the level of detail of the zoom shown (issue 7 targets; see trackSimplification):
 * a deck.gl composite layer that watches the viewport's whole zoom level and hands `draw` the
 * Douglas–Peucker subset of its drawing for that level (half a pixel of tolerance). Panning and
 * fractional zooming reuse the drawn layer; crossing a zoom level swaps in that level's cached subset.
 * Until the first drawing arrives it draws nothing.
 */
export class TrackDetailLayer extends CompositeLayer<TrackDetailLayerProps> {
  static override layerName = 'TrackDetailLayer';
  static override defaultProps = defaultProps;

  declare state: { level: number };

  override initializeState(): void {
    this.setState({ level: Math.floor(this.context.viewport.zoom) });
  }

  /**
   * Props, data or state changed, or the view crossed a whole zoom level. A view change within the
   * level (a pan, a follow camera's jump, a fractional zoom) needs no update: the drawn layer stays.
   * Answering true to every view change made deck.gl update the layers again in the frame after each
   * camera move, and in an interleaved map that update is a second full MapLibre render
   * (docs/share-viewing.md "Map").
   */
  override shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    if (changeFlags.propsOrDataChanged || changeFlags.stateChanged) return true;
    return (
      changeFlags.viewportChanged && Math.floor(this.context.viewport.zoom) !== this.state.level
    );
  }

  override updateState({ changeFlags }: UpdateParameters<this>): void {
    const level = Math.floor(this.context.viewport.zoom);
    if (level !== this.state.level || changeFlags.propsOrDataChanged) this.setState({ level });
  }

  override renderLayers(): Layer | null {
    // An async prop reads as its resolved value (null before the first one).
    const derived = this.props.derived as TrackDerived | null;
    if (!derived) return null;
    return this.props.draw(simplifiedTrack(derived, this.state.level), `${this.id}-lod`);
  }
}
