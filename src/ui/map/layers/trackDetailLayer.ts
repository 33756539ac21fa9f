import { CompositeLayer, type Layer, type UpdateParameters } from '@deck.gl/core';
import type { TrackColumnsLike } from '../trackAttributes';
import { simplifiedTrack, type SimplifiedTrack } from '../trackSimplification';

/** Props of {@link TrackDetailLayer}. */
export interface TrackDetailLayerProps {
  /** The whole track. */
  readonly columns: TrackColumnsLike;
  /**
   * Draws the points worth drawing at the zoom shown (trackSimplification.simplifiedTrack) as one
   * layer with id `id`; null draws nothing. Called when the track, these props or the zoom level change.
   */
  readonly draw: (track: SimplifiedTrack, id: string) => Layer | null;
}

/**
 * A track drawn at the level of detail of the zoom shown (issue 7 targets; see trackSimplification):
 * a deck.gl composite layer that watches the viewport's whole zoom level and hands `draw` the
 * Douglas–Peucker subset for that level (half a pixel of tolerance). Panning and fractional zooming
 * reuse the drawn layer; crossing a zoom level swaps in that level's cached subset.
 */
export class TrackDetailLayer extends CompositeLayer<TrackDetailLayerProps> {
  static override layerName = 'TrackDetailLayer';

  declare state: { level: number };

  override initializeState(): void {
    this.setState({ level: Math.floor(this.context.viewport.zoom) });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return changeFlags.somethingChanged;
  }

  override updateState({ changeFlags }: UpdateParameters<this>): void {
    const level = Math.floor(this.context.viewport.zoom);
    if (level !== this.state.level || changeFlags.propsOrDataChanged) this.setState({ level });
  }

  override renderLayers(): Layer | null {
    return this.props.draw(simplifiedTrack(this.props.columns, this.state.level), `${this.id}-lod`);
  }
}
