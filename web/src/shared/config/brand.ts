import { useEffect } from 'react';
import type { CountryConfig } from './country-config';

export type BrandColors = CountryConfig['brand']['colors'];

export interface Brand {
  /** The retailer's name, or null: the app then shows its own, translated, name. */
  name: string | null;
  logoUrl: string | null;
  colors: BrandColors | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The CSS custom property each brand colour sets on the root (defaults in shared/ui/global.css). */
export const BRAND_PROPERTIES = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  accent: '--color-accent',
  background: '--color-page',
} as const satisfies Record<keyof BrandColors, string>;

/** The brand of a loaded configuration; without one (it failed to load) the product's own look. */
export function brandOf(config: CountryConfig | null): Brand {
  const brand = config?.brand;
  return { name: brand?.name ?? null, logoUrl: brand?.logoUrl ?? null, colors: brand?.colors ?? null };
}

/**
 * Puts the brand's colours on the root as CSS custom properties, so buttons, links and the header follow
 * them; `data-brand` marks a configured brand (its header takes the primary colour). Only `#rrggbb`
 * values are taken (the server validates them; this keeps anything else out of the style sheet).
 */
export function useBrandTheme(brand: Brand) {
  const { colors, name } = brand;
  useEffect(() => {
    const root = document.documentElement;
    for (const [key, property] of Object.entries(BRAND_PROPERTIES)) {
      const value = colors?.[key as keyof BrandColors];
      if (value && HEX.test(value)) root.style.setProperty(property, value);
    }
    if (name) root.dataset.brand = '';
    // Back to the style sheet's own values when the brand changes or the app goes away.
    return () => {
      for (const property of Object.values(BRAND_PROPERTIES)) root.style.removeProperty(property);
      delete root.dataset.brand;
    };
  }, [colors, name]);
}
