// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBrand, type BrandColorPair } from '../../../src/ui/theme/useBrand';

const BRAND: BrandColorPair = { BrandColorLight: '#0B4F6C', BrandColorDark: '#F4D35E' };

function Branded({ brand, scheme }: { brand: BrandColorPair | null; scheme: 'light' | 'dark' }) {
  useBrand(brand, scheme);
  return null;
}

const brandColour = () => document.documentElement.style.getPropertyValue('--brand');
const contrast = () => document.documentElement.style.getPropertyValue('--brand-contrast');

describe('useBrand (spec app §1: branded per client, light and dark mode)', () => {
  it('shows the client’s colour for the scheme with readable text, and the default after', () => {
    const view = render(<Branded brand={BRAND} scheme="light" />);
    expect(brandColour()).toBe('#0B4F6C');
    expect(contrast()).toBe('#ffffff');
    view.rerender(<Branded brand={BRAND} scheme="dark" />);
    expect(brandColour()).toBe('#F4D35E');
    expect(contrast()).toBe('#1a1a1a');
    view.rerender(<Branded brand={null} scheme="dark" />);
    expect(brandColour()).toBe('');
    view.rerender(<Branded brand={BRAND} scheme="light" />);
    view.unmount();
    expect(brandColour()).toBe('');
  });
});
