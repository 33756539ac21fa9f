import { createContext, useContext, useEffect } from 'react';

/** Whose logo a page shows in the header: the origin serving the brand and its Brand.BrandID. */
export interface PageBrand {
  /** A share token's C2Url (the server of the wearer's client). */
  readonly origin: string;
  readonly brandId: number;
}

/**
 * The setter of the page's brand, provided by the shell (src/app/Shell.tsx): a page that shows
 * another client's brand (a share link's page, `ownBrand` routes) names it, so the header shows
 * that client's logo instead of the member's or Lifeline's (spec app §1 "branded per client").
 */
export const PageBrandContext = createContext<(brand: PageBrand | null) => void>(() => undefined);

/**
 * Shows `brand`'s logo in the header while the calling page is mounted (null: none yet); the
 * header goes back to its own when the page leaves.
 */
export function usePageBrand(brand: PageBrand | null): void {
  const setPageBrand = useContext(PageBrandContext);
  const origin = brand?.origin ?? null;
  const brandId = brand?.brandId ?? null;
  useEffect(() => {
    setPageBrand(origin === null || brandId === null ? null : { origin, brandId });
    return () => {
      setPageBrand(null);
    };
  }, [setPageBrand, origin, brandId]);
}
