// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandLogo } from '../../../../src/ui/theme/BrandLogo';

describe('the client logo beside the app name (spec app §7 brand-logo)', () => {
  it("asks the brand's origin for the logo of the theme in effect", () => {
    const { container, rerender } = render(
      <BrandLogo origin="https://eu.example.com/" brandId={7} scheme="dark" />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://eu.example.com/brands/brand-logo/7?theme=DARK',
    );
    rerender(<BrandLogo origin="https://eu.example.com" brandId={7} scheme="light" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://eu.example.com/brands/brand-logo/7?theme=LIGHT',
    );
  });

  it("falls back to Lifeline's mark when the logo cannot be loaded, and tries again for another", () => {
    const { container, rerender } = render(
      <BrandLogo origin="https://eu.example.com" brandId={7} scheme="light" />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.ll-brand-mark')).not.toBeNull();
    rerender(<BrandLogo origin="https://eu.example.com" brandId={8} scheme="light" />);
    expect(container.querySelector('img')?.getAttribute('src')).toContain('/brand-logo/8?');
  });
});
