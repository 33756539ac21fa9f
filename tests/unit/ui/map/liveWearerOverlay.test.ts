// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LiveWearer } from '../../../../src/ui/map/liveWearerGeometry';
import { LiveWearerOverlay } from '../../../../src/ui/map/liveWearerOverlay';

/** A map whose camera is a pan offset, 1 px per 0.001° (enough to see the overlay follow it). */
function fakeMap() {
  const camera = { dx: 0, bearing: 0 };
  return {
    camera,
    project: ([lon, lat]: [number, number]) => ({ x: lon * 1000 + camera.dx, y: -lat * 1000 }),
    getBearing: () => camera.bearing,
  };
}

const wearer = (tailPoints: number, headingDeg: number | null = 45): LiveWearer => ({
  position: { lon: 1, lat: -1, accuracyM: 10, headingDeg },
  colour: [255, 121, 0, 255],
  tail: {
    positions: Array.from({ length: tailPoints }, (_, i) => [i * 0.01, -i * 0.01]).flat(),
    colours: Array.from({ length: Math.max(0, tailPoints - 1) }, () => [38, 166, 91, 255] as const),
  },
});

const visible = (element: Element | null | undefined) =>
  element instanceof SVGElement && element.style.display !== 'none';

describe('LiveWearerOverlay', () => {
  it('draws nothing until there is a wearer, then the marker, the accuracy and the tail', () => {
    const parent = document.createElement('div');
    const map = fakeMap();
    const overlay = new LiveWearerOverlay(parent, map);
    const root = parent.querySelector<HTMLElement>('.ll-live-wearer');
    expect(root?.style.display).toBe('none');

    overlay.draw(wearer(3));
    expect(root?.style.display).toBe('');
    const lines = [...parent.querySelectorAll('line')].filter(visible);
    expect(lines.filter((line) => line.parentElement?.tagName === 'g')).toHaveLength(2);
    expect(lines[1]?.getAttribute('x2')).toBe('20.0');
    expect(lines[1]?.getAttribute('stroke')).toBe('rgba(38,166,91,1)');
    // The marker moves by a CSS transform; the arrow turns inside it.
    const marker = parent.querySelector<HTMLElement>('.ll-live-wearer-position');
    expect(marker?.style.transform).toBe('translate(1000.0px, 1000.0px)');
    expect(marker?.querySelector('path')?.parentElement?.getAttribute('transform')).toBe(
      'rotate(45.0)',
    );
    expect(visible(marker?.querySelector('path'))).toBe(true);
    // No searchlight: no viewer, no line to them.
    expect(parent.querySelector<HTMLElement>('.ll-live-wearer-viewer')?.style.display).toBe('none');
    expect(visible(parent.querySelector('.ll-live-wearer-searchlight'))).toBe(false);
  });

  it('reuses its segments: a shorter tail hides the rest', () => {
    const parent = document.createElement('div');
    const overlay = new LiveWearerOverlay(parent, fakeMap());
    overlay.draw(wearer(5));
    overlay.draw(wearer(2));
    const segments = parent.querySelectorAll('g line');
    expect(segments).toHaveLength(4);
    expect([...segments].filter(visible)).toHaveLength(1);
  });

  it('shows a dot without a heading', () => {
    const parent = document.createElement('div');
    const overlay = new LiveWearerOverlay(parent, fakeMap());
    overlay.draw(wearer(0, null));
    const marker = parent.querySelector('.ll-live-wearer-position');
    expect(visible(marker?.querySelector('path'))).toBe(false);
    const dot = [...(marker?.querySelectorAll('circle') ?? [])].find(
      (c) => c.getAttribute('r') === '7',
    );
    expect(visible(dot)).toBe(true);
  });

  it('follows the camera on reproject, and goes away on remove', () => {
    const parent = document.createElement('div');
    const map = fakeMap();
    const overlay = new LiveWearerOverlay(parent, map);
    overlay.draw(wearer(2));
    map.camera.dx = -200;
    overlay.reproject();
    const marker = parent.querySelector<HTMLElement>('.ll-live-wearer-position');
    expect(marker?.style.transform).toBe('translate(800.0px, 1000.0px)');
    // The tail moved with it.
    expect(parent.querySelector('g line')?.getAttribute('x1')).toBe('-200.0');
    overlay.draw(null);
    expect(parent.querySelector<HTMLElement>('.ll-live-wearer')?.style.display).toBe('none');
    overlay.remove();
    expect(parent.querySelector('.ll-live-wearer')).toBeNull();
  });

  it('draws the searchlight: the viewer in their colour and a line from them to the wearer, following the camera', () => {
    const parent = document.createElement('div');
    const map = fakeMap();
    const overlay = new LiveWearerOverlay(parent, map);
    const blue = [30, 110, 230, 255] as const;
    overlay.draw({
      ...wearer(2),
      searchlight: {
        viewer: { lon: 0.5, lat: -2, accuracyM: 20, headingDeg: null },
        colour: blue,
      },
    });
    const viewer = parent.querySelector<HTMLElement>('.ll-live-wearer-viewer');
    expect(viewer?.style.display).toBe('');
    expect(viewer?.style.transform).toBe('translate(500.0px, 2000.0px)');
    // A dot in blue until the viewer's heading is known.
    expect(visible(viewer?.querySelector('path'))).toBe(false);
    const dot = [...(viewer?.querySelectorAll('circle') ?? [])].find(
      (c) => c.getAttribute('r') === '7',
    );
    expect(dot?.getAttribute('fill')).toBe('rgba(30,110,230,1)');
    const line = parent.querySelector('.ll-live-wearer-searchlight');
    expect(visible(line)).toBe(true);
    expect(['x1', 'y1', 'x2', 'y2'].map((name) => line?.getAttribute(name))).toEqual([
      '500.0',
      '2000.0',
      '1000.0',
      '1000.0',
    ]);
    expect(line?.getAttribute('stroke')).toBe(`rgba(30,110,230,${String(200 / 255)})`);
    // The wearer keeps its own colour.
    const wearerDot = parent.querySelector('.ll-live-wearer-position path');
    expect(wearerDot?.getAttribute('fill')).toBe('rgba(255,121,0,1)');

    map.camera.dx = -100;
    overlay.reproject();
    expect(viewer?.style.transform).toBe('translate(400.0px, 2000.0px)');
    expect(line?.getAttribute('x2')).toBe('900.0');

    // Putting the searchlight away takes the viewer and the line off the map.
    overlay.draw(wearer(2));
    expect(viewer?.style.display).toBe('none');
    expect(visible(line)).toBe(false);
  });
});
