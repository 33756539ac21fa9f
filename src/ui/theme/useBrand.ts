import { useEffect } from 'react';
import { applyBrand } from './brand';

/** The two colours of a client's brand (spec app §3 Brand), `#RRGGBB`. */
export interface BrandColorPair {
  readonly BrandColorLight: string;
  readonly BrandColorDark: string;
}

/**
 * Shows `brand` (a client's colours; null: the default brand of theme.css) in the document while the
 * calling component is mounted, for the colour scheme in effect (`scheme`); unmounting or a null brand
 * puts the default back.
 */
export function useBrand(brand: BrandColorPair | null, scheme: 'light' | 'dark'): void {
  const light = brand?.BrandColorLight ?? null;
  const dark = brand?.BrandColorDark ?? null;
  useEffect(() => {
    if (light === null || dark === null) return;
    const root = document.documentElement;
    applyBrand(root, { light, dark }, scheme);
    return () => {
      root.style.removeProperty('--brand');
      root.style.removeProperty('--brand-contrast');
    };
  }, [light, dark, scheme]);
}
