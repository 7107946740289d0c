import type { CountryConfig } from './country-config';

/**
 * The configuration the server inlined into the page (`<script id="orders-config" type="application/json">`,
 * the same answer as `GET /config/v1/{country}` for the page's country), when it is `country`'s: the first
 * paint then waits for no request. Anything unreadable counts as none (the app fetches as before). Without
 * React or React Query: the first paint (boot/first-paint.ts) reads it too.
 */
export function inlinedConfig(country: string): CountryConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('orders-config')?.textContent;
  if (!text) return undefined;
  try {
    const config = JSON.parse(text) as CountryConfig;
    return config.country.toLowerCase() === country.toLowerCase() ? config : undefined;
  } catch {
    return undefined;
  }
}
