import { useState } from 'react';

/** Props of {@link BrandLogo}. */
export interface BrandLogoProps {
  /** The origin serving the brand (the member's DomainUrl, or a share token's C2Url). */
  readonly origin: string;
  /** The client's Brand.BrandID (spec app §3). */
  readonly brandId: number;
  /** The colour scheme in effect: the logo of that theme. */
  readonly scheme: 'light' | 'dark';
}

/**
 * A client's logo, `GET {origin}/brands/brand-logo/{BrandID}?theme=DARK|LIGHT` (spec app §7), as a
 * decorative 24 px image beside the app's name; Lifeline's own mark when it cannot be loaded.
 */
export function BrandLogo({ origin, brandId, scheme }: BrandLogoProps) {
  const src = `${origin.replace(/\/+$/, '')}/brands/brand-logo/${String(brandId)}?theme=${
    scheme === 'dark' ? 'DARK' : 'LIGHT'
  }`;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <span className="ll-brand-mark" aria-hidden="true" />;
  return (
    <img
      className="ll-brand-logo"
      src={src}
      alt=""
      width={24}
      height={24}
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}
