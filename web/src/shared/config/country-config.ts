import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** `GET /config/v1/{country}`: the country's flags, locale data and help links. */
export type CountryConfig = components['schemas']['CountryConfig'];

/**
 * The configuration the server inlined into the page (`<script id="orders-config" type="application/json">`,
 * the same answer as `GET /config/v1/{country}` for the page's country), when it is `country`'s: the first
 * paint then waits for no request. Anything unreadable counts as none (the app fetches as before).
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

/** The server answers with a 5-minute HTTP cache; the app keeps one answer per country for the visit. */
export const countryConfigQuery = (country: string) =>
  queryOptions({
    queryKey: ['config', country.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      apiGet('/config/v1/{country}', { auth: 'none', params: { country: country.toLowerCase() }, signal }),
    initialData: () => inlinedConfig(country),
    staleTime: Infinity,
    gcTime: Infinity,
  });
