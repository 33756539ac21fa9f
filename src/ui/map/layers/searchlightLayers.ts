import { LineLayer } from '@deck.gl/layers';
import type { Rgba } from '../trackAttributes';
import { currentPositionLayers, type MapPosition } from './positionLayers';

/**
 * The searchlight on a map (spec policy §2 "a searchlight map mode"; docs/share-viewing.md
 * "Searchlight on the map"): where the viewer is (`viewer`: their own position, its accuracy radius
 * and their heading) and the wearer they look for (`target`), degrees.
 */
export interface SearchlightMapView {
  readonly viewer: MapPosition;
  readonly target: { readonly lon: number; readonly lat: number };
}

/** The viewer's colour: a blue apart from the wearer's orange and the track's speed colours. */
export const VIEWER_COLOUR: Rgba = [30, 110, 230, 255];

const LINE_WIDTH_PX = 3;

/**
 * The layers of a {@link SearchlightMapView}: a straight line from the viewer to the wearer (under
 * the positions), then the viewer's position as the wearer's is drawn (accuracy circle, and an arrow
 * turned to their heading or a dot), in {@link VIEWER_COLOUR}. Empty without a view.
 */
export function searchlightLayers(
  id: string,
  view: SearchlightMapView | null,
): [LineLayer<SearchlightMapView>, ...ReturnType<typeof currentPositionLayers>] | [] {
  if (!view) return [];
  return [
    new LineLayer<SearchlightMapView>({
      id: `${id}-line`,
      data: [view],
      getSourcePosition: (v) => [v.viewer.lon, v.viewer.lat],
      getTargetPosition: (v) => [v.target.lon, v.target.lat],
      getColor: [VIEWER_COLOUR[0], VIEWER_COLOUR[1], VIEWER_COLOUR[2], 200],
      getWidth: LINE_WIDTH_PX,
      widthUnits: 'pixels',
    }),
    ...currentPositionLayers(`${id}-viewer`, view.viewer, VIEWER_COLOUR),
  ];
}
