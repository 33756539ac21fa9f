import { describe, expect, it } from 'vitest';
import {
  searchlightLayers,
  VIEWER_COLOUR,
  type SearchlightMapView,
} from '../../../../src/ui/map/layers/searchlightLayers';

/** A guardian in Stavanger looking for a kayaker on the Lysefjord. */
const VIEW: SearchlightMapView = {
  viewer: { lon: 5.7331, lat: 58.97, accuracyM: 12, headingDeg: null },
  target: { lon: 6.186, lat: 59.0 },
};

type Accessor<T> = (item: SearchlightMapView) => T;

describe('searchlightLayers (policy §2 searchlight map mode)', () => {
  it('draws nothing without both positions', () => {
    expect(searchlightLayers('searchlight', null)).toEqual([]);
  });

  it('draws a line from the viewer to the wearer under the viewer’s own position', () => {
    const layers = searchlightLayers('searchlight', VIEW);
    expect(layers.map((layer) => layer.id)).toEqual([
      'searchlight-line',
      'searchlight-viewer-accuracy',
      'searchlight-viewer-dot',
      'searchlight-viewer-arrow',
    ]);
    const [line, accuracy, dot, arrow] = layers;
    const source = line?.props.getSourcePosition as unknown as Accessor<number[]>;
    const target = line?.props.getTargetPosition as unknown as Accessor<number[]>;
    expect(source(VIEW)).toEqual([5.7331, 58.97]);
    expect(target(VIEW)).toEqual([6.186, 59.0]);
    // The viewer is drawn in blue, apart from the wearer's orange, with a dot while no heading is known.
    expect(dot?.props.getFillColor).toEqual([...VIEWER_COLOUR]);
    // All three are drawn; what is not wanted now (the arrow without a heading) at opacity 0.
    expect([accuracy?.props.opacity, dot?.props.opacity, arrow?.props.opacity]).toEqual([1, 1, 0]);
  });

  it('turns the viewer’s arrow to their heading once one is known', () => {
    const layers = searchlightLayers('searchlight', {
      ...VIEW,
      viewer: { ...VIEW.viewer, headingDeg: 90 },
    });
    const arrow = layers[3];
    expect(arrow?.props.opacity).toBe(1);
    expect(
      (arrow?.props.getAngle as (p: { headingDeg: number }) => number)({ headingDeg: 90 }),
    ).toBe(-90);
  });
});
