// The brand without React: the hook (brand.ts) and the first paint (boot/first-paint.ts) draw it alike.
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

/** Sets the brand's colours (only `#rrggbb` values) and marks a configured brand (`data-brand`) on `root`. */
export function applyBrand(root: HTMLElement, { colors, name }: Pick<Brand, 'colors' | 'name'>) {
  for (const [key, property] of Object.entries(BRAND_PROPERTIES)) {
    const value = colors?.[key as keyof BrandColors];
    if (value && HEX.test(value)) root.style.setProperty(property, value);
  }
  if (name) root.dataset.brand = '';
}

export function clearBrand(root: HTMLElement) {
  for (const property of Object.values(BRAND_PROPERTIES)) root.style.removeProperty(property);
  delete root.dataset.brand;
}
