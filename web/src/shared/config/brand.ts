import { useEffect } from 'react';
import { applyBrand, clearBrand, type Brand } from './brand-of';

export { BRAND_PROPERTIES, brandOf, type Brand, type BrandColors } from './brand-of';

/**
 * Puts the brand's colours on the root as CSS custom properties, so buttons, links and the header follow
 * them; `data-brand` marks a configured brand (its header takes the primary colour). Only `#rrggbb`
 * values are taken (the server validates them; this keeps anything else out of the style sheet).
 */
export function useBrandTheme(brand: Brand) {
  const { colors, name } = brand;
  useEffect(() => {
    const root = document.documentElement;
    applyBrand(root, { colors, name });
    // Back to the style sheet's own values when the brand changes or the app goes away.
    return () => {
      clearBrand(root);
    };
  }, [colors, name]);
}
