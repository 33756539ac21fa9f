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
    expect(lines).toHaveLength(2);
    expect(lines[1]?.getAttribute('x2')).toBe('20.0');
    expect(lines[1]?.getAttribute('stroke')).toBe('rgba(38,166,91,1)');
    // The marker moves by a CSS transform; the arrow turns inside it.
    const marker = parent.querySelector<HTMLElement>('.ll-live-wearer-marker');
    expect(marker?.style.transform).toBe('translate(1000.0px, 1000.0px)');
    expect(parent.querySelector('path')?.parentElement?.getAttribute('transform')).toBe(
      'rotate(45.0)',
    );
    expect(visible(parent.querySelector('path'))).toBe(true);
  });

  it('reuses its segments: a shorter tail hides the rest', () => {
    const parent = document.createElement('div');
    const overlay = new LiveWearerOverlay(parent, fakeMap());
    overlay.draw(wearer(5));
    overlay.draw(wearer(2));
    expect(parent.querySelectorAll('line')).toHaveLength(4);
    expect([...parent.querySelectorAll('line')].filter(visible)).toHaveLength(1);
  });

  it('shows a dot without a heading', () => {
    const parent = document.createElement('div');
    const overlay = new LiveWearerOverlay(parent, fakeMap());
    overlay.draw(wearer(0, null));
    expect(visible(parent.querySelector('path'))).toBe(false);
    const dot = [...parent.querySelectorAll('circle')].find((c) => c.getAttribute('r') === '7');
    expect(visible(dot)).toBe(true);
  });

  it('follows the camera on reproject, and goes away on remove', () => {
    const parent = document.createElement('div');
    const map = fakeMap();
    const overlay = new LiveWearerOverlay(parent, map);
    overlay.draw(wearer(2));
    map.camera.dx = -200;
    overlay.reproject();
    const marker = parent.querySelector<HTMLElement>('.ll-live-wearer-marker');
    expect(marker?.style.transform).toBe('translate(800.0px, 1000.0px)');
    // The tail moved with it.
    expect(parent.querySelector('line')?.getAttribute('x1')).toBe('-200.0');
    overlay.draw(null);
    expect(parent.querySelector<HTMLElement>('.ll-live-wearer')?.style.display).toBe('none');
    overlay.remove();
    expect(parent.querySelector('.ll-live-wearer')).toBeNull();
  });
});
