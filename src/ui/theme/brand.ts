/** Brand colours of a client (spec application-behaviour §3 Brand), as CSS hex colours. */
export interface BrandColors {
  readonly light: string;
  readonly dark: string;
}

/** Relative luminance of a #rrggbb colour (WCAG 2), 0 (black) … 1 (white). */
export function relativeLuminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return 0;
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number): number => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** Black or white text, whichever reads better on `background` (#rrggbb). */
export function contrastText(background: string): '#1a1a1a' | '#ffffff' {
  return relativeLuminance(background) > 0.3 ? '#1a1a1a' : '#ffffff';
}

/**
 * Applies a client's brand to the document: `--brand` and `--brand-contrast` for the resolved scheme.
 * `scheme` is the colour scheme in effect ('light' | 'dark').
 */
export function applyBrand(root: HTMLElement, colors: BrandColors, scheme: 'light' | 'dark'): void {
  const brand = scheme === 'dark' ? colors.dark : colors.light;
  root.style.setProperty('--brand', brand);
  root.style.setProperty('--brand-contrast', contrastText(brand));
}

/** Sets `data-theme` for a forced scheme, or removes it to follow the system. */
export function applyThemePreference(
  root: HTMLElement,
  preference: 'system' | 'light' | 'dark',
): void {
  if (preference === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', preference);
}
